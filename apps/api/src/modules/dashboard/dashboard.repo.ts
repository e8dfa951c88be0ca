import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';

/**
 * The back office dashboard is a read model over several modules' tables (orders, delivery windows, payments, the
 * outbox): read-only, one statement each, and nothing else queries it.
 */

export type WindowOrders = {
  windowId: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  label: string | null;
  orders: number;
  totalCents: number;
};

/** Paid orders (not cancelled) of each window starting in [from, to), empty windows too, in time order. */
export async function ordersByWindow(exec: Executor, from: Date, to: Date): Promise<WindowOrders[]> {
  const rows = await queryRows<{
    window_id: number;
    starts_at: Date | string;
    ends_at: Date | string;
    label: string | null;
    orders: number;
    total_cents: number;
  }>(
    exec,
    sql`
    select w.id as window_id, w.starts_at, w.ends_at, w.label,
           count(o.id)::int as orders, coalesce(sum(o.total_cents), 0)::int as total_cents
      from delivery_windows w
      left join orders o on o.delivery_window_id = w.id and o.paid_at is not null and o.status <> 'cancelled'
     where w.starts_at >= ${from.toISOString()}::timestamptz and w.starts_at < ${to.toISOString()}::timestamptz
     group by w.id
     order by w.starts_at, w.id`,
  );
  return rows.map((r) => ({
    windowId: Number(r.window_id),
    startsAt: new Date(r.starts_at),
    endsAt: new Date(r.ends_at),
    label: r.label,
    orders: Number(r.orders),
    totalCents: Number(r.total_cents),
  }));
}

/** Paid orders without a window (courier delivery) still to be sent. */
export async function courierOrdersToSend(exec: Executor): Promise<{ orders: number; totalCents: number }> {
  const rows = await queryRows<{ orders: number; total_cents: number }>(
    exec,
    sql`
    select count(*)::int as orders, coalesce(sum(total_cents), 0)::int as total_cents
      from orders where delivery_window_id is null and status in ('paid', 'picking', 'packed')`,
  );
  const [r] = rows;
  return { orders: Number(r?.orders ?? 0), totalCents: Number(r?.total_cents ?? 0) };
}

export async function awaitingPayment(exec: Executor): Promise<{ count: number; totalCents: number }> {
  const rows = await queryRows<{ n: number; cents: number }>(
    exec,
    sql`
    select count(*)::int as n, coalesce(sum(total_cents - credit_used_cents), 0)::int as cents
      from orders where status = 'pending_payment'`,
  );
  const [r] = rows;
  return { count: Number(r?.n ?? 0), totalCents: Number(r?.cents ?? 0) };
}

/** What providers hold that the store owes back, split by whether the rounds still retry it or gave it up. */
export async function refundsOwed(exec: Executor): Promise<{
  owed: { count: number; totalCents: number };
  unsettled: { count: number; totalCents: number };
}> {
  // As the refund round counts it (payment.repo.ts listOwedRefunds): the rest of a surplus or a cancelled order's
  // capture, and what refunds after payment put on a capture beyond what went back.
  const rows = await queryRows<{ unsettled: boolean; n: number; cents: number }>(
    exec,
    sql`select p.refund_unsettled_at is not null as unsettled, count(*)::int as n, coalesce(sum(p.owed), 0)::int as cents
      from (select p.refund_unsettled_at,
              (case when p.status = 'surplus' or o.status = 'cancelled' then p.amount_cents
                else least(p.amount_cents, (select coalesce(sum(r.provider_cents), 0) from order_refunds r
                                             where r.order_id = p.order_id)) end) - p.refunded_cents as owed
              from payments p join orders o on o.id = p.order_id
             where p.status in ('surplus', 'captured')) p
     where p.owed > 0
     group by 1`,
  );
  const of = (unsettled: boolean) => {
    const r = rows.find((row) => Boolean(row.unsettled) === unsettled);
    return { count: Number(r?.n ?? 0), totalCents: Number(r?.cents ?? 0) };
  };
  return { owed: of(false), unsettled: of(true) };
}

/**
 * Mails the outbox is retrying after a failure, and those it gave up on in the last week; not those withdrawn on
 * purpose (an "awaits payment" mail for an order paid before it left).
 */
export async function failingMails(exec: Executor, now: Date): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    exec,
    sql`
    select count(*)::int as n from outbox_mails
     where (status = 'pending' and attempts > 0)
        or (status = 'failed' and created_at > ${now.toISOString()}::timestamptz - interval '7 days'
            and coalesce(last_error, '') not like 'withdrawn:%')`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Times a payment provider refused the shop's own credentials or settings in the last day (`provider_faults`). */
export async function providerFaultsSince(
  exec: Executor,
  since: Date,
): Promise<{ provider: string; count: number }[]> {
  const rows = await queryRows<{ provider: string; n: number }>(
    exec,
    sql`select provider, count(*)::int as n from provider_faults
      where at > ${since.toISOString()}::timestamptz group by provider order by provider`,
  );
  return rows.map((r) => ({ provider: r.provider, count: Number(r.n) }));
}
