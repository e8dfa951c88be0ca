import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';

/**
 * The shop's figures for the metrics scrape, a read model over several modules' tables like the dashboard's: read
 * from the database, so every process reports the same numbers and nothing is counted twice.
 */

export type FigureRow = {
  figure: 'orders' | 'payments' | 'mails' | 'sessions_revoked';
  label: string;
  n: number;
};

/** Rows by status of orders, payment attempts and outbox mails, and revoked sessions by kind; one statement. */
export function countsByStatus(exec: Executor): Promise<FigureRow[]> {
  return queryRows<FigureRow>(
    exec,
    sql`select 'orders' as figure, status as label, count(*)::int as n from orders group by status
      union all
      select 'payments', status, count(*)::int from payments group by status
      union all
      select 'mails', status, count(*)::int from outbox_mails group by status
      union all
      select 'sessions_revoked', 'customer', count(*)::int from sessions where revoked_at is not null
      union all
      select 'sessions_revoked', 'staff', count(*)::int from staff_sessions where revoked_at is not null`,
  );
}
