import { sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@storefront/contract/order';
import { queryRows, type Executor } from '../../db/client.js';
import { escapeLike } from '../../db/like.js';

/**
 * The staff side's reads over customers, their orders, sign-ins and audit entries: read-only, for support's pages
 * (the account, order and audit modules keep every write to their tables).
 */

export type CustomerSummaryRow = {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  status: 'active' | 'disabled';
  email_verified_at: Date | string | null;
  created_at: Date | string;
  order_count: number;
  last_order_at: Date | string | null;
};

/** Customers whose email or name holds `text`, or who placed order `orderId`; newest first. */
export async function listCustomers(
  exec: Executor,
  filter: { text?: string; orderId?: number },
  page: { limit: number; offset: number },
): Promise<{ rows: CustomerSummaryRow[]; total: number }> {
  const matches: SQL[] = [];
  if (filter.text !== undefined) {
    const like = `%${escapeLike(filter.text)}%`;
    matches.push(sql`c.email ilike ${like}`, sql`(c.first_name || ' ' || c.last_name) ilike ${like}`);
  }
  if (filter.orderId !== undefined) {
    matches.push(sql`c.id = (select o.customer_id from orders o where o.id = ${filter.orderId})`);
  }
  const condition = matches.length === 0 ? sql`true` : sql.join(matches, sql` or `);
  const [rows, totals] = await Promise.all([
    queryRows<CustomerSummaryRow>(
      exec,
      sql`select c.id, c.email, c.first_name, c.last_name, c.status, c.email_verified_at, c.created_at,
            (select count(*)::int from orders o where o.customer_id = c.id) as order_count,
            (select max(o.created_at) from orders o where o.customer_id = c.id) as last_order_at
          from customers c
          where ${condition}
          order by c.created_at desc, c.id desc
          limit ${page.limit} offset ${page.offset}`,
    ),
    queryRows<{ n: number }>(exec, sql`select count(*)::int as n from customers c where ${condition}`),
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0) };
}

export type CustomerOrderRow = {
  id: number;
  created_at: Date | string;
  status: OrderStatus;
  total_cents: number;
};

/** The customer's latest orders, newest first, and how many they placed in all. */
export async function listCustomerOrders(
  exec: Executor,
  customerId: number,
  limit: number,
): Promise<{ rows: CustomerOrderRow[]; total: number }> {
  const [rows, totals] = await Promise.all([
    queryRows<CustomerOrderRow>(
      exec,
      sql`select o.id, o.created_at, o.status, o.total_cents from orders o
          where o.customer_id = ${customerId}
          order by o.created_at desc, o.id desc
          limit ${limit}`,
    ),
    queryRows<{ n: number }>(
      exec,
      sql`select count(*)::int as n from orders o where o.customer_id = ${customerId}`,
    ),
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0) };
}

export async function findLastSignIn(exec: Executor, customerId: number): Promise<Date | null> {
  const [row] = await queryRows<{ at: Date | string | null }>(
    exec,
    sql`select max(created_at) as at from login_events where customer_id = ${customerId}`,
  );
  return row?.at ? new Date(row.at) : null;
}

/** The newest audit entry of a staff member disabling the customer, with who they are. */
export async function findLatestDisable(
  exec: Executor,
  customerId: number,
  action: string,
): Promise<{ at: Date; after: Record<string, unknown> | null; staffName: string } | undefined> {
  const [row] = await queryRows<{
    at: Date | string;
    after: Record<string, unknown> | null;
    staff_name: string;
  }>(
    exec,
    sql`select a.at, a.after, s.name as staff_name from audit_log a join staff s on s.id = a.staff_id
        where a.target_type = 'customer' and a.target_id = ${String(customerId)} and a.action = ${action}
        order by a.id desc limit 1`,
  );
  return row && { at: new Date(row.at), after: row.after, staffName: row.staff_name };
}
