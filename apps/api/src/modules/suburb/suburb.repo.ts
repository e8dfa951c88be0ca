import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { suburbs } from '../../db/schema/index.js';

export type SuburbRow = typeof suburbs.$inferSelect;

/** The locality with this postcode and name (any letter case), and state when given. */
export async function findSuburb(
  db: Executor,
  where: { postcode: string; locality: string; state?: string },
): Promise<SuburbRow | undefined> {
  const [row] = await db
    .select()
    .from(suburbs)
    .where(
      and(
        eq(suburbs.postcode, where.postcode),
        sql`lower(${suburbs.locality}) = ${where.locality.trim().toLowerCase()}`,
        where.state ? eq(suburbs.state, where.state) : undefined,
      ),
    )
    .limit(1);
  return row;
}
