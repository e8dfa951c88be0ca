import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '@storefront/contract/order';
import { USUALS_MAX, type UsualProducts } from '@storefront/contract/usuals';
import { orderLines, orders } from '../../db/schema/index.js';
import { bearer, registerCustomer, type Customer } from '../../../test/factories.js';
import { createProduct, updateProduct, type ProductRow } from '../../../test/catalog-factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const DAY = 24 * 3600 * 1000;

const address = {
  addressID: null,
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '0412345678',
  line1: '1 Macquarie St',
  line2: null,
  suburbID: 1,
  suburb: 'Sydney',
  state: 'NSW',
  postcode: '2000',
  country: 'AU',
};

/** An order of the customer's in `status`, placed `daysAgo`, holding one of each product. */
async function orderOf(c: Customer, status: OrderStatus, daysAgo: number, products: ProductRow[]) {
  const createdAt = new Date(Date.now() - daysAgo * DAY);
  const [order] = await db()
    .insert(orders)
    .values({
      customerId: c.user.customerID,
      status,
      subtotalCents: 0,
      discountCents: 0,
      shippingCents: 0,
      creditUsedCents: 0,
      totalCents: 0,
      shippingService: 'standard',
      shippingAddress: address,
      billingAddress: address,
      createdAt,
      paidAt: status === 'pending_payment' || status === 'cancelled' ? null : createdAt,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('no order');
  await db()
    .insert(orderLines)
    .values(
      products.map((p) => ({
        orderId: order.id,
        productId: p.id,
        sku: p.sku,
        name: p.name,
        imageUrl: p.imageUrl,
        unitPriceCents: p.priceCents,
        quantity: 1,
      })),
    );
}

async function usuals(c: Customer): Promise<number[]> {
  const res = await t.app.inject({ url: '/api/v1/product/usuals', headers: bearer(c.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: UsualProducts }>().data.list.map((p) => p.productID);
}

describe('my usuals', () => {
  it('lists the products in most bought orders, the latest bought first among equals', async () => {
    const c = await registerCustomer(t.app);
    const [milk, bread, eggs, tea] = await Promise.all(
      ['Milk', 'Bread', 'Eggs', 'Tea'].map((name) => createProduct(db(), { name })),
    );
    if (!milk || !bread || !eggs || !tea) throw new Error('no products');
    await orderOf(c, 'delivered', 30, [milk, bread, tea]);
    await orderOf(c, 'shipped', 20, [milk, eggs]);
    await orderOf(c, 'paid', 2, [milk, bread]);
    await orderOf(c, 'picking', 1, [eggs]);
    // milk 3 orders; bread 2 (last 2 days ago) and eggs 2 (last 1 day ago); tea 1.
    expect(await usuals(c)).toEqual([milk.id, eggs.id, bread.id, tea.id]);
  });

  it('counts neither cancelled nor unpaid orders, nor another customer’s', async () => {
    const c = await registerCustomer(t.app);
    const other = await registerCustomer(t.app);
    const [kept, cancelled, unpaid, theirs] = await Promise.all(
      Array.from({ length: 4 }, () => createProduct(db())),
    );
    if (!kept || !cancelled || !unpaid || !theirs) throw new Error('no products');
    await orderOf(c, 'delivered', 10, [kept]);
    await orderOf(c, 'cancelled', 5, [cancelled, kept]);
    await orderOf(c, 'cancelled', 4, [cancelled]);
    await orderOf(c, 'pending_payment', 1, [unpaid]);
    await orderOf(other, 'delivered', 3, [theirs, kept]);
    await orderOf(other, 'delivered', 2, [theirs]);
    expect(await usuals(c)).toEqual([kept.id]);
    expect(await usuals(other)).toEqual([theirs.id, kept.id]);
  });

  it(`leaves out products no longer sold and answers at most ${USUALS_MAX}`, async () => {
    const c = await registerCustomer(t.app);
    const products = await Promise.all(Array.from({ length: USUALS_MAX + 2 }, () => createProduct(db())));
    const [gone] = products;
    if (!gone) throw new Error('no products');
    await orderOf(c, 'delivered', 3, products);
    await orderOf(c, 'delivered', 2, [gone]);
    await updateProduct(db(), gone.id, { isActive: false });
    const listed = await usuals(c);
    expect(listed).toHaveLength(USUALS_MAX);
    expect(listed).not.toContain(gone.id);
  });

  it('needs a signed-in customer', async () => {
    expect((await t.app.inject({ url: '/api/v1/product/usuals' })).statusCode).toBe(401);
  });

  it('is empty for a customer who has bought nothing', async () => {
    expect(await usuals(await registerCustomer(t.app))).toEqual([]);
  });
});
