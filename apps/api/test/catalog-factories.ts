import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../src/db/client.js';
import { coupons, creditLedger, customerCoupons, products } from '../src/db/schema/index.js';
import { findProductById, type ProductRow } from '../src/modules/catalog/catalog.repo.js';

export type { ProductRow };
export type CouponRow = typeof coupons.$inferSelect;

let counter = 0;

/** Leaves out keys set to undefined, so `{ priceCents: undefined }` keeps the default. */
function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

const HOUR_MS = 3_600_000;

/**
 * `wasPriceCents` puts a product on a special running now (by the database's clock, which specials follow): sold at
 * `priceCents`, its regular price `wasPriceCents`.
 */
type ProductOverrides = Partial<typeof products.$inferInsert> & { wasPriceCents?: number | null };

function withSpecial({ wasPriceCents, ...values }: ProductOverrides): Partial<typeof products.$inferInsert> {
  if (wasPriceCents === undefined || wasPriceCents === null || values.priceCents === undefined) return values;
  if (wasPriceCents <= values.priceCents) return values;
  const realNow = Date.now();
  return {
    ...values,
    priceCents: wasPriceCents,
    specialPriceCents: values.priceCents,
    specialStartsAt: new Date(realNow - HOUR_MS),
    specialEndsAt: new Date(realNow + 24 * HOUR_MS),
  };
}

/** A product of its own for one test: unique SKU, active, $5.00, 10 in stock, 500 g, unless told otherwise. */
export async function createProduct(db: Executor, overrides: ProductOverrides = {}): Promise<ProductRow> {
  counter += 1;
  const sku = `T-${counter}-${randomBytes(3).toString('hex')}`.toUpperCase();
  const [inserted] = await db
    .insert(products)
    .values({
      sku,
      name: `Test product ${counter}`,
      description: 'A product made by a test.',
      imageUrl: '/products/test.svg',
      priceCents: 500,
      stock: 10,
      weightGrams: 500,
      category: 'pantry',
      ...definedOnly(withSpecial(overrides)),
    })
    .returning({ id: products.id });
  const row = inserted && (await findProductById(db, inserted.id));
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateProduct(
  db: Executor,
  id: number,
  values: Partial<typeof products.$inferInsert>,
): Promise<void> {
  await db.update(products).set(values).where(eq(products.id, id));
}

const DAY = 24 * 3600 * 1000;

/** A coupon with a unique code, valid from yesterday for 30 days, 10% off with no minimum, unless told otherwise. */
export async function createCoupon(
  db: Executor,
  overrides: Partial<typeof coupons.$inferInsert> = {},
  now = new Date(),
): Promise<CouponRow> {
  counter += 1;
  const [row] = await db
    .insert(coupons)
    .values({
      code: `TEST${counter}${randomBytes(2).toString('hex')}`.toUpperCase(),
      description: 'A coupon made by a test.',
      kind: 'percent',
      value: 10,
      startsAt: new Date(now.getTime() - DAY),
      endsAt: new Date(now.getTime() + 30 * DAY),
      ...definedOnly(overrides),
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Puts a coupon into a customer's wallet, already used `usedCount` times. */
export async function giveCoupon(
  db: Executor,
  customerId: number,
  couponId: number,
  usedCount = 0,
): Promise<void> {
  await db.insert(customerCoupons).values({ customerId, couponId, usedCount });
}

/** A goodwill store-credit entry for the customer; answers the ledger entry's id. */
export async function giveCredit(db: Executor, customerId: number, amountCents: number): Promise<number> {
  const [row] = await db
    .insert(creditLedger)
    .values({ customerId, amountCents, reason: 'goodwill' })
    .returning({ id: creditLedger.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}
