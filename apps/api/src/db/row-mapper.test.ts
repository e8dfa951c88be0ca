import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCoupon, createProduct, giveCoupon } from '../../test/catalog-factories.js';
import { registerCustomer } from '../../test/factories.js';
import { createTestApp, openTestDatabase, type TestApp } from '../../test/test-app.js';
import type { Database } from './client.js';
import { mapRowsOnce } from './row-mapper.js';
import { cartLines, carts, coupons, customerCoupons, customers, products } from './schema/index.js';

let database: Database;
let t: TestApp;
let queries = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  t = await createTestApp({ database });
});
afterAll(async () => {
  await t?.close();
  await database?.close();
});

/** The same query twice, under fresh names: as Drizzle maps its rows, and with the mapper worked out once. */
function bothWays<Q>(build: (name: string) => Q): { drizzle: Q; once: Q } {
  queries += 1;
  const drizzle = build(`row_mapper_drizzle_${queries}`);
  const once = build(`row_mapper_once_${queries}`);
  mapRowsOnce(once);
  expect((once as { customResultMapper?: unknown }).customResultMapper).toBeTypeOf('function');
  expect((drizzle as { customResultMapper?: unknown }).customResultMapper).toBeUndefined();
  return { drizzle, once };
}

// The shape of the cart's own read (cart.repo.ts, load_whole_cart): left joins that may all miss, nested objects
// of whole tables and of picked columns, a timestamp decoded to a Date, a plain column at the top.
const wholeCart = (name: string) =>
  database.db
    .select({
      line: { quantity: cartLines.quantity, selected: cartLines.selected, addedAt: cartLines.addedAt },
      product: {
        id: products.id,
        name: products.name,
        priceCents: products.priceCents,
        stock: products.stock,
      },
      coupon: coupons,
      customerUses: customerCoupons.usedCount,
    })
    .from(customers)
    .leftJoin(carts, eq(carts.customerId, customers.id))
    .leftJoin(coupons, eq(coupons.id, carts.couponId))
    .leftJoin(
      customerCoupons,
      and(eq(customerCoupons.couponId, coupons.id), eq(customerCoupons.customerId, customers.id)),
    )
    .leftJoin(cartLines, eq(cartLines.customerId, customers.id))
    .leftJoin(products, eq(products.id, cartLines.productId))
    .where(eq(customers.id, sql.placeholder('customerId')))
    .orderBy(desc(cartLines.addedAt), asc(cartLines.productId))
    .prepare(name);

describe('rows mapped by a mapper worked out once', () => {
  it('come out as Drizzle makes them, left-joined objects null where the join missed', async () => {
    const { drizzle, once } = bothWays(wholeCart);
    const customerId = (await registerCustomer(t.app)).user.customerID;

    const empty = await once.execute({ customerId });
    expect(empty).toEqual(await drizzle.execute({ customerId }));
    expect(empty).toEqual([{ line: null, product: null, coupon: null, customerUses: null }]);

    const [first, second] = [await createProduct(database.db), await createProduct(database.db)];
    await database.db.insert(carts).values({ customerId });
    await database.db.insert(cartLines).values([
      { customerId, productId: first.id, quantity: 2 },
      { customerId, productId: second.id, quantity: 1, selected: false },
    ]);
    const lines = await once.execute({ customerId });
    expect(lines).toEqual(await drizzle.execute({ customerId }));
    expect(lines).toHaveLength(2);
    expect(lines[0]?.coupon).toBeNull();
    expect(lines[0]?.line?.addedAt).toBeInstanceOf(Date);

    const coupon = await createCoupon(database.db);
    await giveCoupon(database.db, customerId, coupon.id, 1);
    await database.db.update(carts).set({ couponId: coupon.id }).where(eq(carts.customerId, customerId));
    const withCoupon = await once.execute({ customerId });
    expect(withCoupon).toEqual(await drizzle.execute({ customerId }));
    expect(withCoupon[0]?.coupon?.code).toBe(coupon.code);
    expect(withCoupon[0]?.coupon?.startsAt).toBeInstanceOf(Date);
    expect(withCoupon[0]?.customerUses).toBe(1);
  });

  it('decode SQL fields by their own mapping, and an object mixing tables is never null', async () => {
    const { drizzle, once } = bothWays((name) =>
      database.db
        .select({
          count: sql<number>`count(*) over ()`.mapWith(Number),
          mixed: { quantity: cartLines.quantity, cartCoupon: carts.couponId },
          text: sql<string>`'a,b'`,
        })
        .from(customers)
        .leftJoin(carts, eq(carts.customerId, customers.id))
        .leftJoin(cartLines, eq(cartLines.customerId, customers.id))
        .where(eq(customers.id, sql.placeholder('customerId')))
        .prepare(name),
    );
    const customerId = (await registerCustomer(t.app)).user.customerID;
    const rows = await once.execute({ customerId });
    expect(rows).toEqual(await drizzle.execute({ customerId }));
    expect(rows).toEqual([{ count: 1, mixed: { quantity: null, cartCoupon: null }, text: 'a,b' }]);
  });

  it("map an insert's returned row", async () => {
    const { drizzle, once } = bothWays((name) =>
      database.db
        .insert(carts)
        .values({ customerId: sql.placeholder('customerId') })
        .onConflictDoUpdate({ target: carts.customerId, set: { updatedAt: sql`now()` } })
        .returning()
        .prepare(name),
    );
    const customerId = (await registerCustomer(t.app)).user.customerID;
    const [mapped] = await once.execute({ customerId });
    expect(mapped?.updatedAt).toBeInstanceOf(Date);
    const [again] = await drizzle.execute({ customerId });
    expect(Object.keys(mapped ?? {})).toEqual(Object.keys(again ?? {}));
    expect(mapped).toMatchObject({ customerId, couponId: null, addressId: null });
  });
});
