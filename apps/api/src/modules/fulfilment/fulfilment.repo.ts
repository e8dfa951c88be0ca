import { sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@storefront/contract/order';
import { queryRows, type Executor } from '../../db/client.js';

/**
 * The staff side's reads over orders, their customers, windows and products: read-only, for the back office's
 * lists (the order module keeps every write to its tables).
 */

export type StaffOrderRow = {
  id: number;
  status: OrderStatus;
  created_at: Date | string;
  customer_id: number;
  email: string;
  first_name: string;
  last_name: string;
  total_cents: number;
  line_count: number;
  window_id: number | null;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  suburb: string;
};

export async function listStaffOrders(
  exec: Executor,
  filter: {
    statuses?: OrderStatus[];
    windowFrom?: Date;
    windowTo?: Date;
    windowId?: number;
    orderId?: number;
    text?: string;
  },
  page: { limit: number; offset: number },
): Promise<{ rows: StaffOrderRow[]; total: number }> {
  const where: SQL[] = [sql`true`];
  if (filter.statuses?.length)
    where.push(
      sql`o.status in (${sql.join(
        filter.statuses.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (filter.windowId !== undefined) where.push(sql`o.delivery_window_id = ${filter.windowId}`);
  if (filter.windowFrom && filter.windowTo)
    where.push(
      sql`w.starts_at >= ${filter.windowFrom.toISOString()}::timestamptz and w.starts_at < ${filter.windowTo.toISOString()}::timestamptz`,
    );
  if (filter.orderId !== undefined || filter.text !== undefined) {
    const like = `%${(filter.text ?? '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      sql`(${filter.orderId === undefined ? sql`false` : sql`o.id = ${filter.orderId}`}
        or (${filter.text ?? null}::text is not null and (c.email ilike ${like} or (c.first_name || ' ' || c.last_name) ilike ${like})))`,
    );
  }
  const condition = sql.join(where, sql` and `);
  const [rows, totals] = await Promise.all([
    queryRows<StaffOrderRow>(
      exec,
      sql`select o.id, o.status, o.created_at, o.customer_id, c.email, c.first_name, c.last_name, o.total_cents,
            (select count(*)::int from order_lines l where l.order_id = o.id) as line_count,
            w.id as window_id, w.starts_at, w.ends_at, o.shipping_address->>'suburb' as suburb
          from orders o
          join customers c on c.id = o.customer_id
          left join delivery_windows w on w.id = o.delivery_window_id
          where ${condition}
          order by coalesce(w.starts_at, o.created_at) desc, o.id desc
          limit ${page.limit} offset ${page.offset}`,
    ),
    queryRows<{ n: number }>(
      exec,
      sql`select count(*)::int as n from orders o join customers c on c.id = o.customer_id
          left join delivery_windows w on w.id = o.delivery_window_id where ${condition}`,
    ),
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0) };
}

export type PickItemRow = {
  product_id: number;
  sku: string;
  name: string;
  aisle: string;
  quantity: number;
  orders: number;
};

/** Paid orders (not yet packed) of the windows starting in [from, to), or of one window. */
function pickFilter(range: { from: Date; to: Date }, windowId?: number): SQL {
  return sql`o.status in ('paid', 'picking') and w.starts_at >= ${range.from.toISOString()}::timestamptz
    and w.starts_at < ${range.to.toISOString()}::timestamptz
    ${windowId === undefined ? sql`` : sql`and w.id = ${windowId}`}`;
}

/** Every product to pick, summed over the orders, in aisle order (the category, until products carry an aisle). */
export async function pickItems(
  exec: Executor,
  range: { from: Date; to: Date },
  windowId?: number,
): Promise<PickItemRow[]> {
  return queryRows<PickItemRow>(
    exec,
    sql`select l.product_id, l.sku, l.name, coalesce(p.category, '') as aisle,
          sum(l.quantity)::int as quantity, count(distinct o.id)::int as orders
        from order_lines l
        join orders o on o.id = l.order_id
        join delivery_windows w on w.id = o.delivery_window_id
        left join products p on p.id = l.product_id
        where ${pickFilter(range, windowId)}
        group by l.product_id, l.sku, l.name, p.category
        order by aisle, l.name collate "C", l.product_id`,
  );
}

export type PickOrderRow = {
  id: number;
  window_id: number;
  status: OrderStatus;
  first_name: string;
  last_name: string;
  suburb: string;
  starts_at: Date | string;
  ends_at: Date | string;
  line_count: number;
};

export async function pickOrders(
  exec: Executor,
  range: { from: Date; to: Date },
  windowId?: number,
): Promise<PickOrderRow[]> {
  return queryRows<PickOrderRow>(
    exec,
    sql`select o.id, w.id as window_id, o.status, c.first_name, c.last_name, o.shipping_address->>'suburb' as suburb, w.starts_at,
          w.ends_at, (select count(*)::int from order_lines l where l.order_id = o.id) as line_count
        from orders o
        join customers c on c.id = o.customer_id
        join delivery_windows w on w.id = o.delivery_window_id
        where ${pickFilter(range, windowId)}
        order by w.starts_at, o.id`,
  );
}
