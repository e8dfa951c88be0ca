import { sql } from 'drizzle-orm';
import type { Executor } from './client.js';

/**
 * Has the rest of the transaction plan every statement for the values it runs with. A named prepared statement
 * (`preparedPer`) otherwise keeps the generic plan PostgreSQL settles on after five runs, made for the tables as they
 * were then, until an ANALYZE of them replans it (autovacuum's, a minute or more later; never where it is off): a
 * fresh store's checkouts went on reading every order and every Idempotency-Key by whole-table scans, a little
 * slower with each order (bench/README.md). For transactions on tables that grow with every request; a listing of
 * many joins costs more to plan each time than its generic plan costs to run. Sent as it is called, so it goes
 * before the statements after it.
 */
export function planEachStatement(tx: Executor): Promise<unknown> {
  return tx.execute(sql`set local plan_cache_mode = force_custom_plan`).execute();
}
