import { sql } from 'drizzle-orm';
import type { Executor } from './client.js';

/**
 * Has the rest of the transaction plan every statement for the values it runs with. A named prepared statement
 * (`preparedPer`) otherwise keeps the generic plan PostgreSQL settles on after five runs, made for the tables as they
 * were then, until an ANALYZE of them replans it (autovacuum's, a minute or more later; never where it is off): a
 * fresh store's checkouts went on reading every order and every Idempotency-Key by whole-table scans, a little
 * slower with each order (bench/README.md). For transactions on tables that grow with every request; a listing of
 * many joins costs more to plan each time than its generic plan costs to run. End it with `planAsUsual` before
 * inserts: the foreign-key checks a row's insert runs are planned again for every row too. Sent as it is called, so
 * it goes before the statements after it.
 */
export function planEachStatement(tx: Executor): Promise<unknown> {
  return tx.execute(sql`set local plan_cache_mode = force_custom_plan`).execute();
}

/**
 * Has the rest of the transaction plan statements as the server is configured to (after `planEachStatement`). The
 * foreign-key checks of inserted rows are statements PostgreSQL prepares itself and follow the same setting: planned
 * for every row they were an eighth of the database's time in a checkout (bench/README.md). Their generic plans
 * look a row up by its primary key, which no growth of the table makes worse. Sent as it is called.
 */
export function planAsUsual(tx: Executor): Promise<unknown> {
  return tx.execute(sql`set local plan_cache_mode to default`).execute();
}
