import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@storefront/contract/errors';
import { coupons, customerCoupons } from '../../db/schema/index.js';
import { registerCustomer } from '../../../test/factories.js';
import { createCoupon, giveCoupon } from '../../../test/catalog-factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { claimCoupon } from './coupon.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

async function usesOf(couponId: number, customerId: number) {
  const [coupon] = await db().select().from(coupons).where(eq(coupons.id, couponId));
  const [wallet] = await db()
    .select()
    .from(customerCoupons)
    .where(and(eq(customerCoupons.customerId, customerId), eq(customerCoupons.couponId, couponId)));
  return { store: coupon?.usedCount, customer: wallet?.usedCount };
}

const usedUp = { code: errorCatalogue.COUPON_USED_UP.code };

describe('claimCoupon', () => {
  it('counts one use for the store and puts the coupon in the wallet with one use', async () => {
    const { user } = await registerCustomer(t.app);
    const coupon = await createCoupon(db(), { usageLimit: 2 });
    await claimCoupon(db(), user.customerID, coupon);
    expect(await usesOf(coupon.id, user.customerID)).toEqual({ store: 1, customer: 1 });
  });

  it('refuses the use past the store-wide limit that another checkout took first', async () => {
    const { user } = await registerCustomer(t.app);
    const coupon = await createCoupon(db(), { usageLimit: 1 });
    await db().update(coupons).set({ usedCount: 1 }).where(eq(coupons.id, coupon.id));
    await expect(claimCoupon(db(), user.customerID, coupon)).rejects.toMatchObject(usedUp);
  });

  it("refuses the use past the customer's own limit that another checkout took first", async () => {
    const { user } = await registerCustomer(t.app);
    const coupon = await createCoupon(db(), { perCustomerLimit: 2 });
    await giveCoupon(db(), user.customerID, coupon.id, 2);
    await expect(claimCoupon(db(), user.customerID, coupon)).rejects.toMatchObject(usedUp);
    expect((await usesOf(coupon.id, user.customerID)).customer).toBe(2);
  });
});
