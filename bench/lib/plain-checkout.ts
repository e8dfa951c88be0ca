// The limit beside the real checkout (bench/README.md, "API throughput"): a bare Fastify app in its own process
// doing a checkout's writes as one plain node-postgres transaction, a statement at a time on a pooled client (no
// Drizzle, no pipelining, no batching across requests), on the bench's PostgreSQL database. It writes the rows the
// real checkout writes for a metro order (the Idempotency-Key with its answer, the stock taken and its ledger row by
// trigger, the window's place, the order, its lines, its status history, its mail, the store credit spent, the
// cart's lines removed) and reads only what those need.
// Run: DATABASE_URL=… node --import tsx bench/lib/plain-checkout.ts   (api-bench.ts starts it)
import { hash } from 'node:crypto';
import Fastify, { type FastifyReply } from 'fastify';
import pg from 'pg';
import { creditToSpend, orderMailOf, priceOf, type PlainAddress, type PlainLine } from './plain-order.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is not set');
const publicUrl = process.env.PUBLIC_URL ?? 'http://localhost:3000';
/** As many connections as the API's pool (apps/api/src/db/client.ts). */
const pool = new pg.Pool({ connectionString: url, max: 10 });

type Query = (text: string, values?: unknown[]) => Promise<pg.QueryResult>;
type Session = { customerId: number; email: string; firstName: string };

/** A refusal the client is told about, as the API's envelope says it (a code other than 0). */
class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The session of the bearer token, as the API resolves one: by the token's SHA-256, live, its customer active. */
async function sessionOf(query: Query, authorization: string | undefined): Promise<Session> {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (!token) throw new Refused(401, 'not signed in');
  const { rows } = await query(
    `select s.customer_id, c.email, c.first_name from sessions s join customers c on c.id = s.customer_id
      where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() and c.status = 'active'`,
    [hash('sha256', token, 'hex')],
  );
  const row = rows[0] as { customer_id: number; email: string; first_name: string } | undefined;
  if (!row) throw new Refused(401, 'session ended');
  return { customerId: row.customer_id, email: row.email, firstName: row.first_name };
}

/** Counts the statements sent through it: a request answers the count, for the bench's statements column. */
function counting(send: Query): { query: Query; count: () => number } {
  let n = 0;
  return {
    query: (text, values) => {
      n += 1;
      return send(text, values);
    },
    count: () => n,
  };
}

async function answer(reply: FastifyReply, work: () => Promise<object>) {
  try {
    return { code: 0, data: await work() };
  } catch (err) {
    if (!(err instanceof Refused)) throw err;
    reply.code(err.status);
    return { code: err.status, msg: err.message };
  }
}

const app = Fastify();

app.post<{ Body: { productID: number; quantity: number } }>(
  '/api/v1/cart/add',
  {
    schema: {
      body: {
        type: 'object',
        required: ['productID', 'quantity'],
        properties: {
          productID: { type: 'integer' },
          quantity: { type: 'integer', minimum: 1, maximum: 99 },
        },
      },
    },
  },
  (req, reply) =>
    answer(reply, async () => {
      const { query, count } = counting((text, values) => pool.query(text, values));
      const { customerId } = await sessionOf(query, req.headers.authorization);
      // The line, or the sum on it, within 99 and the product's stock; the table's trigger keeps the cart's cap.
      const { rows } = await query(
        `insert into cart_lines (customer_id, product_id, quantity)
          select $1, p.id, $3 from products p where p.id = $2 and p.is_active and $3 <= least(99, p.stock)
          on conflict (customer_id, product_id) do update
            set quantity = cart_lines.quantity + excluded.quantity, updated_at = now()
            where cart_lines.quantity + excluded.quantity <= 99
          returning quantity`,
        [customerId, req.body.productID, req.body.quantity],
      );
      if (rows.length === 0) throw new Refused(409, 'not added');
      return { quantity: (rows[0] as { quantity: number }).quantity, statements: count() };
    }),
);

app.post<{ Body: { addressID: number; deliveryWindowID: number; useCredit: boolean } }>(
  '/api/v1/order/create',
  {
    schema: {
      body: {
        type: 'object',
        required: ['addressID', 'deliveryWindowID', 'useCredit'],
        properties: {
          addressID: { type: 'integer' },
          deliveryWindowID: { type: 'integer' },
          useCredit: { type: 'boolean' },
          shippingService: { type: 'string' },
        },
      },
    },
  },
  (req, reply) =>
    answer(reply, async () => {
      const key = req.headers['idempotency-key'];
      if (typeof key !== 'string') throw new Refused(400, 'Idempotency-Key missing');
      const client = await pool.connect();
      const { query, count } = counting((text, values) => client.query(text, values));
      try {
        await query('begin');
        const orderId = await placeOrder(query, req.headers.authorization, key, req.body);
        await query('commit');
        return { orderID: orderId, statements: count() };
      } catch (err) {
        await client.query('rollback');
        throw err;
      } finally {
        client.release();
      }
    }),
);

/** The order's statements, one after another, in the transaction the caller began. */
async function placeOrder(
  query: Query,
  authorization: string | undefined,
  key: string,
  body: { addressID: number; deliveryWindowID: number; useCredit: boolean },
): Promise<number> {
  const session = await sessionOf(query, authorization);
  const { customerId } = session;
  // The key claimed with its answer, the new order's id (a second request with it would wait here, then find it).
  const claimed = await query(
    `insert into idempotency_keys (customer_id, route, key, request_hash, response_status, response_body, created_at)
      values ($1, 'order/create', $2, $3, 200,
        jsonb_build_object('orderID', nextval(pg_get_serial_sequence('orders', 'id'))), now())
      on conflict do nothing
      returning (response_body ->> 'orderID')::int as id`,
    [customerId, key, hash('sha256', JSON.stringify(body), 'hex')],
  );
  const orderId = (claimed.rows[0] as { id: number } | undefined)?.id;
  if (orderId === undefined) throw new Refused(409, 'key used');
  // The selected lines at their selling price, their products locked (in id order) so the stock read is still
  // there when taken.
  const { rows: lineRows } = await query(
    `select p.id, p.sku, p.name, p.image_url, p.gst_free, p.weight_grams, l.quantity, l.allow_substitute,
        case when p.special_price_cents is not null and p.special_starts_at <= now() and now() < p.special_ends_at
          then p.special_price_cents else p.price_cents end as price_cents
      from cart_lines l join products p on p.id = l.product_id
      where l.customer_id = $1 and l.selected and p.is_active
      order by p.id for update of p`,
    [customerId],
  );
  const lines = (lineRows as LineRow[]).map(lineOf);
  if (lines.length === 0) throw new Refused(409, 'cart empty');
  for (const line of lines) {
    await query('update products set stock = stock - $2 where id = $1', [line.productId, line.quantity]);
  }
  const booked = await query(
    `update delivery_windows set booked = booked + 1
      where id = $1 and booked < capacity and cutoff_at > now()
      returning zone, starts_at, ends_at, label, price_delta_cents`,
    [body.deliveryWindowID],
  );
  const window = booked.rows[0] as WindowRow | undefined;
  if (!window) throw new Refused(409, 'window full or closed');
  const { rows: addressRows } = await query(
    `select a.id, a.first_name, a.last_name, a.phone, a.line1, a.line2, a.suburb_id, a.suburb, a.state, a.postcode,
        r.base_cents, r.per_kg_cents, r.free_over_cents
      from addresses a join shipping_rates r on r.zone = $3 and r.service = 'standard'
      where a.id = $1 and a.customer_id = $2`,
    [body.addressID, customerId, window.zone],
  );
  const addressRow = addressRows[0] as AddressRow | undefined;
  if (!addressRow) throw new Refused(404, 'no such address');
  const address = addressOf(addressRow);
  const totals = priceOf(
    lines,
    {
      baseCents: addressRow.base_cents,
      perKgCents: addressRow.per_kg_cents,
      freeOverCents: addressRow.free_over_cents,
    },
    window.price_delta_cents,
  );
  let creditUsed = 0;
  if (body.useCredit) {
    // The customer's row locked: their credit is spent by one order at a time.
    await query('select 1 from customers where id = $1 for update', [customerId]);
    const { rows } = await query(
      'select coalesce(sum(amount_cents), 0)::int as balance from credit_ledger where customer_id = $1',
      [customerId],
    );
    creditUsed = creditToSpend((rows[0] as { balance: number }).balance, totals.total);
  }
  const isPaid = creditUsed === totals.total;
  const status = isPaid ? 'paid' : 'pending_payment';
  await query(
    `insert into orders (id, customer_id, status, subtotal_cents, discount_cents, shipping_cents, credit_used_cents,
        total_cents, coupon_id, shipping_service, shipping_address, billing_address, delivery_window_id, created_at,
        updated_at, paid_at, cancelled_at, gst_cents, delivery_notes, leave_unattended, tracking_reference)
      values ($1, $2, $3, $4, 0, $5, $6, $7, null, 'standard', $8, $8, $9, now(), now(),
        case when $10 then now() end, null, $11, null, false, null)`,
    [
      orderId,
      customerId,
      status,
      totals.subtotal,
      totals.shipping,
      creditUsed,
      totals.total,
      JSON.stringify(address),
      body.deliveryWindowID,
      isPaid,
      totals.gst,
    ],
  );
  for (const l of lines) {
    await query(
      `insert into order_lines (order_id, product_id, sku, name, image_url, unit_price_cents, quantity, gst_free,
          allow_substitute)
        values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        orderId,
        l.productId,
        l.sku,
        l.name,
        l.imageUrl,
        l.priceCents,
        l.quantity,
        l.gstFree,
        l.allowSubstitute,
      ],
    );
  }
  await query(
    `insert into order_status_history (order_id, status, at, by) values ($1, $2, now(), 'customer')`,
    [orderId, status],
  );
  if (creditUsed > 0) {
    await query(
      `insert into credit_ledger (customer_id, amount_cents, reason, order_id) values ($1, $2, 'order_payment', $3)`,
      [customerId, -creditUsed, orderId],
    );
  }
  const mail = orderMailOf({
    id: orderId,
    firstName: session.firstName,
    totals,
    creditUsed,
    lines,
    address,
    window: { startsAt: window.starts_at, endsAt: window.ends_at, label: window.label },
    publicUrl,
  });
  await query(
    `insert into outbox_mails (topic, to_address, subject, content, order_id) values ('order-placed', $1, $2, $3, $4)`,
    [session.email, mail.subject, JSON.stringify(mail.content), orderId],
  );
  await query('delete from cart_lines where customer_id = $1 and product_id = any($2::int[])', [
    customerId,
    lines.map((l) => l.productId),
  ]);
  return orderId;
}

type LineRow = {
  id: number;
  sku: string;
  name: string;
  image_url: string;
  price_cents: number;
  gst_free: boolean;
  weight_grams: number;
  quantity: number;
  allow_substitute: boolean;
};

type WindowRow = {
  zone: string;
  starts_at: Date;
  ends_at: Date;
  label: string | null;
  price_delta_cents: number;
};

type AddressRow = {
  id: number;
  first_name: string;
  last_name: string;
  phone: string;
  line1: string;
  line2: string | null;
  suburb_id: number;
  suburb: string;
  state: string;
  postcode: string;
  base_cents: number;
  per_kg_cents: number;
  free_over_cents: number | null;
};

function lineOf(r: LineRow): PlainLine {
  return {
    productId: r.id,
    sku: r.sku,
    name: r.name,
    imageUrl: r.image_url,
    priceCents: r.price_cents,
    gstFree: r.gst_free,
    weightGrams: r.weight_grams,
    quantity: r.quantity,
    allowSubstitute: r.allow_substitute,
  };
}

/** The address as the order keeps it, the real checkout's snapshot (`orderAddress` in the contract). */
function addressOf(r: AddressRow): PlainAddress {
  return {
    addressID: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    phone: r.phone,
    line1: r.line1,
    line2: r.line2,
    suburbID: r.suburb_id,
    suburb: r.suburb,
    state: r.state,
    postcode: r.postcode,
    country: 'AU',
  };
}

await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(`listening on ${typeof address === 'object' && address ? address.port : 0}`);
process.on('SIGTERM', () => void app.close().then(() => pool.end().then(() => process.exit(0))));
