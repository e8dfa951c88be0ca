import { and, eq, inArray, sql } from 'drizzle-orm';
import { gstIncluded } from '@storefront/contract/gst';
import type { OrderStatus } from '@storefront/contract/order';
import type { Executor } from '../client.js';
import {
  addresses,
  customers,
  orderLines,
  orderStatusHistory,
  orders,
  products,
  shippingRates,
  suburbs,
} from '../schema/index.js';
import { orderLineOf } from '../../modules/order/checkout.js';
import { shippingOptions } from '../../modules/shipping/shipping.rules.js';
import { DEMO_LOGIN } from './demo.js';

const DAY = 24 * 3600 * 1000;

/** Past orders of the demo customer, one per state; seeded once, only while the customer has no orders. */
const demoOrders: { status: OrderStatus; daysAgo: number; lines: [sku: string, quantity: number][] }[] = [
  {
    status: 'delivered',
    daysAgo: 40,
    lines: [
      ['FV-001', 2],
      ['DY-001', 1],
      ['BK-001', 1],
    ],
  },
  { status: 'cancelled', daysAgo: 25, lines: [['PT-001', 3]] },
  {
    status: 'shipped',
    daysAgo: 6,
    lines: [
      ['MC-001', 2],
      ['DR-001', 1],
      // Bought in most orders: the demo customer's "usuals" lead with them.
      ['FV-001', 1],
      ['DY-001', 1],
    ],
  },
  {
    status: 'picking',
    daysAgo: 3,
    lines: [
      ['FV-002', 1],
      ['SN-001', 2],
    ],
  },
  {
    status: 'paid',
    daysAgo: 1,
    lines: [
      ['DY-002', 2],
      ['FZ-001', 1],
      ['BK-002', 1],
      ['FV-003', 4],
      ['FV-001', 2],
    ],
  },
];

export async function seedDemoOrders(db: Executor, now = new Date()): Promise<void> {
  const [customer] = await db
    .select()
    .from(customers)
    .where(sql`lower(${customers.email}) = ${DEMO_LOGIN.email}`);
  if (!customer) return;
  const [existing] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.customerId, customer.id))
    .limit(1);
  if (existing) return;

  let [address] = await db.select().from(addresses).where(eq(addresses.customerId, customer.id)).limit(1);
  if (!address) {
    const [suburb] = await db
      .select()
      .from(suburbs)
      .where(and(eq(suburbs.postcode, '2000'), sql`upper(${suburbs.locality}) = 'SYDNEY'`))
      .limit(1);
    if (!suburb) return;
    [address] = await db
      .insert(addresses)
      .values({
        customerId: customer.id,
        firstName: customer.firstName,
        lastName: customer.lastName,
        phone: customer.phone ?? '0412345678',
        line1: '1 Macquarie St',
        suburbId: suburb.id,
        suburb: 'Sydney',
        state: 'NSW',
        postcode: '2000',
        isDefaultShipping: true,
        isDefaultBilling: true,
      })
      .returning();
  }
  if (!address) return;
  const snapshot = {
    addressID: address.id,
    firstName: address.firstName,
    lastName: address.lastName,
    phone: address.phone,
    line1: address.line1,
    line2: address.line2,
    suburbID: address.suburbId,
    suburb: address.suburb,
    state: address.state,
    postcode: address.postcode,
    country: 'AU',
  };

  // Delivered to Sydney 2000 (metro) by standard delivery, priced by the store's rates as checkout prices it.
  const rates = await db
    .select()
    .from(shippingRates)
    .where(and(eq(shippingRates.zone, 'metro'), eq(shippingRates.service, 'standard')));
  const skus = demoOrders.flatMap((o) => o.lines.map(([sku]) => sku));
  const bySku = new Map(
    (await db.select().from(products).where(inArray(products.sku, skus))).map((p) => [p.sku, p]),
  );
  for (const demo of demoOrders) {
    const lines = demo.lines.flatMap(([sku, quantity]) => {
      const product = bySku.get(sku);
      return product ? [{ product, quantity }] : [];
    });
    if (lines.length === 0) continue;
    const subtotal = lines.reduce((n, l) => n + l.product.priceCents * l.quantity, 0);
    const gstLines = lines.map(({ product, quantity }) => ({
      lineTotal: product.priceCents * quantity,
      gstFree: product.gstFree,
    }));
    const weightGrams = lines.reduce((n, l) => n + l.product.weightGrams * l.quantity, 0);
    const [standard] = shippingOptions(rates, { weightGrams, subtotal, hasFreeShippingCoupon: false });
    if (!standard) continue;
    const shipping = standard.price;
    const total = subtotal + shipping;
    const createdAt = new Date(now.getTime() - demo.daysAgo * DAY);
    const [order] = await db
      .insert(orders)
      .values({
        customerId: customer.id,
        status: demo.status,
        subtotalCents: subtotal,
        discountCents: 0,
        shippingCents: shipping,
        creditUsedCents: 0,
        totalCents: total,
        shippingService: 'standard',
        shippingAddress: snapshot,
        billingAddress: snapshot,
        createdAt,
        updatedAt: createdAt,
        paidAt: demo.status === 'cancelled' ? null : new Date(createdAt.getTime() + 60_000),
        cancelledAt: demo.status === 'cancelled' ? new Date(createdAt.getTime() + 3600_000) : null,
        gstCents: gstIncluded({ lines: gstLines, discount: 0, shipping }),
      })
      .returning({ id: orders.id });
    if (!order) continue;
    await db.insert(orderLines).values(
      lines.map(({ product, quantity }) => ({
        orderId: order.id,
        // The row as stored: its price is the regular one, which the demo orders were charged.
        ...orderLineOf({
          product: { ...product, regularPriceCents: product.priceCents },
          quantity,
          allowSubstitute: true,
        }),
        // Past packing, what was ordered went.
        packedQuantity: PACKED_OR_LATER.has(demo.status) ? quantity : null,
      })),
    );
    await db.insert(orderStatusHistory).values(
      movesOf(demo.status).map(([status, afterMs]) => ({
        orderId: order.id,
        status,
        at: new Date(createdAt.getTime() + afterMs),
        by: status === 'pending_payment' || status === 'paid' ? ('customer' as const) : ('store' as const),
      })),
    );
  }
}

const PACKED_OR_LATER = new Set<OrderStatus>(['packed', 'out_for_delivery', 'shipped', 'delivered']);

/** The moves a demo order (by courier) made to reach its status, each with how long after it was placed. */
function movesOf(status: OrderStatus): [OrderStatus, number][] {
  if (status === 'cancelled')
    return [
      ['pending_payment', 0],
      ['cancelled', 3600_000],
    ];
  const path: [OrderStatus, number][] = [
    ['pending_payment', 0],
    ['paid', 60_000],
    ['picking', 3600_000],
    ['packed', 2 * 3600_000],
    ['shipped', 3 * 3600_000],
    ['delivered', DAY],
  ];
  return path.slice(0, path.findIndex(([s]) => s === status) + 1);
}
