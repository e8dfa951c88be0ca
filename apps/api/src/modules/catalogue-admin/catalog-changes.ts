import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

/** The channel a catalogue change is announced on; every API process clears its product-list cache on it. */
export const CATALOG_CHANNEL = 'catalog_changed';

/**
 * Announces a change of products in the caller's transaction: PostgreSQL delivers it to every listening process
 * when the transaction commits, and not at all if it rolls back. Checkout's stock moves are not announced (the
 * cache shows stock as a guide for a second at most; a NOTIFY serialises commits), staff changes are.
 */
export async function announceCatalogChange(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_notify(${CATALOG_CHANNEL}, '')`);
}
