import { asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { ShippingZone } from '@storefront/contract/shipping';
import type { Executor } from '../../db/client.js';
import {
  deliveryClosures,
  deliveryWindowTemplates,
  type DeliveryClosureRow,
  type DeliveryWindowTemplateRow,
} from '../../db/schema/index.js';

export type TemplateValues = Omit<DeliveryWindowTemplateRow, 'id' | 'zone'>;

/** The zones' templates, switched off ones too, by zone and start time. */
export async function listTemplates(
  exec: Executor,
  zones?: readonly ShippingZone[],
): Promise<DeliveryWindowTemplateRow[]> {
  return exec
    .select()
    .from(deliveryWindowTemplates)
    .where(zones ? inArray(deliveryWindowTemplates.zone, [...zones]) : undefined)
    .orderBy(asc(deliveryWindowTemplates.zone), asc(deliveryWindowTemplates.startTime));
}

export async function findTemplate(
  exec: Executor,
  id: number,
  { lock = false } = {},
): Promise<DeliveryWindowTemplateRow | undefined> {
  const query = exec.select().from(deliveryWindowTemplates).where(eq(deliveryWindowTemplates.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function insertTemplate(
  exec: Executor,
  values: TemplateValues & { zone: ShippingZone },
): Promise<DeliveryWindowTemplateRow> {
  const [row] = await exec.insert(deliveryWindowTemplates).values(values).returning();
  if (!row) throw new Error('template not written');
  return row;
}

export async function updateTemplate(
  exec: Executor,
  id: number,
  values: TemplateValues,
): Promise<DeliveryWindowTemplateRow> {
  const [row] = await exec
    .update(deliveryWindowTemplates)
    .set(values)
    .where(eq(deliveryWindowTemplates.id, id))
    .returning();
  if (!row) throw new Error('template not written');
  return row;
}

/** Closures from a day (`YYYY-MM-DD`) on, by date, the every-zone one of a day first. */
export async function listClosuresFrom(exec: Executor, from: string): Promise<DeliveryClosureRow[]> {
  return exec
    .select()
    .from(deliveryClosures)
    .where(gte(deliveryClosures.date, from))
    .orderBy(asc(deliveryClosures.date), sql`${deliveryClosures.zone} nulls first`);
}

export async function listClosuresOn(exec: Executor, date: string): Promise<DeliveryClosureRow[]> {
  return exec.select().from(deliveryClosures).where(eq(deliveryClosures.date, date));
}

export async function findClosure(
  exec: Executor,
  id: number,
  { lock = false } = {},
): Promise<DeliveryClosureRow | undefined> {
  const query = exec.select().from(deliveryClosures).where(eq(deliveryClosures.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function insertClosure(
  exec: Executor,
  values: Pick<DeliveryClosureRow, 'date' | 'zone' | 'reason' | 'createdAt'>,
): Promise<DeliveryClosureRow> {
  const [row] = await exec.insert(deliveryClosures).values(values).returning();
  if (!row) throw new Error('closure not written');
  return row;
}

export async function deleteClosure(exec: Executor, id: number): Promise<void> {
  await exec.delete(deliveryClosures).where(eq(deliveryClosures.id, id));
}
