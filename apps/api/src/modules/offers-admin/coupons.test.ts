import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartList } from '@storefront/contract/cart';
import type {
  CouponBody,
  CouponDetail,
  CouponGiveResult,
  CouponList,
} from '@storefront/contract/offers-admin';
import type { CouponPackage } from '@storefront/contract/wallet';
import { auditLog, coupons } from '../../db/schema/index.js';
import { createProduct } from '../../../test/catalog-factories.js';
import { addToCart, bearer, registerCustomer, type Customer } from '../../../test/factories.js';
import { addStaff, staffCall, staffSession } from '../../../test/staff-factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

const DAY = 24 * 3600 * 1000;
let t: TestApp;
let manager: string;
let owner: string;
let picker: string;
let support: string;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  manager = await staffSession(t, (await addStaff(db(), 'manager')).id);
  owner = await staffSession(t, (await addStaff(db(), 'owner')).id);
  picker = await staffSession(t, (await addStaff(db(), 'picker')).id);
  support = await staffSession(t, (await addStaff(db(), 'support')).id);
});
afterAll(() => t?.close());

type Answer<T> = { statusCode: number; code: number; msg: string; data: T };

async function staff<T = CouponDetail>(
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
): Promise<Answer<T>> {
  const res = await staffCall(t, token, method, url, payload ?? (method === 'GET' ? undefined : {}));
  return { statusCode: res.statusCode, ...res.json<{ code: number; msg: string; data: T }>() };
}

async function shop<T>(c: Customer, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(c.token),
    ...(payload ? { payload } : {}),
  });
  return res.json<{ code: number; msg: string; data: T }>();
}

/** A code of its own for one test. */
function uniqueCode(prefix: string): string {
  return `${prefix}${randomBytes(3).toString('hex')}`.toUpperCase();
}

/** 10% off, no minimum, from yesterday for 30 days, public, unless told otherwise. */
function couponBody(overrides: Partial<CouponBody> = {}): CouponBody {
  const now = t.clock.now().getTime();
  return {
    code: uniqueCode('TEST'),
    description: 'Made by a test',
    kind: 'percent',
    value: 10,
    minSpend: 0,
    startsAt: new Date(now - DAY).toISOString(),
    endsAt: new Date(now + 30 * DAY).toISOString(),
    usageLimit: null,
    perCustomerLimit: 1,
    isPersonal: false,
    ...overrides,
  };
}

async function createCoupon(overrides: Partial<CouponBody> = {}): Promise<CouponDetail> {
  const made = await staff(manager, 'POST', '/coupons', couponBody(overrides));
  expect(made.code, made.msg).toBe(0);
  return made.data;
}

/** A customer with $20.00 of goods in the cart. */
async function shopperWithCart(): Promise<Customer> {
  const c = await registerCustomer(t.app);
  const product = await createProduct(db(), { priceCents: 2000, stock: 50 });
  await addToCart(t.app, c, product.id, 1);
  return c;
}

async function auditActions(couponID: number): Promise<string[]> {
  const rows = await db()
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'coupon'), eq(auditLog.targetId, String(couponID))))
    .orderBy(auditLog.id);
  return rows.map((r) => r.action);
}

async function couponCount(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(coupons);
  return row?.n ?? 0;
}

describe('a coupon made in the back office', () => {
  it('works in the storefront at once, in any letter case, and is refused once ended', async () => {
    const made = await createCoupon({ code: uniqueCode('spring '), value: 15, minSpend: 1000 });
    expect(made).toMatchObject({
      kind: 'percent',
      value: 15,
      minSpend: 1000,
      status: 'running',
      usedCount: 0,
    });
    expect(made.code).toMatch(/^SPRING[0-9A-F]{6}$/);

    const c = await shopperWithCart();
    const applied = await shop<CartList>(c, 'POST', '/cart/apply-discount', {
      code: made.code.toLowerCase(),
    });
    expect(applied.code, applied.msg).toBe(0);
    expect(applied.data).toMatchObject({ subtotal: 2000, discount: 300, total: 1700 });

    const ended = await staff(manager, 'POST', `/coupons/${made.couponID}/end`);
    expect(ended.code).toBe(0);
    expect(ended.data.status).toBe('ended');
    expect(ended.data.endsAt).toBe(t.clock.now().toISOString());
    const cart = await shop<CartList>(c, 'GET', '/cart/list');
    expect(cart.data).toMatchObject({ discount: 0, total: 2000, coupon: { isApplicable: false } });
    const again = await shop<CartList>(c, 'POST', '/cart/apply-discount', { code: made.code });
    expect(again.code).toBe(100404);

    // Ending it again changes nothing, and is not audited twice.
    expect((await staff(manager, 'POST', `/coupons/${made.couponID}/end`)).data.endsAt).toBe(
      ended.data.endsAt,
    );
    expect(await auditActions(made.couponID)).toEqual(['coupon.create', 'coupon.end']);
  });

  it('a coupon ended before it started never starts', async () => {
    const now = t.clock.now().getTime();
    const made = await createCoupon({
      startsAt: new Date(now + DAY).toISOString(),
      endsAt: new Date(now + 2 * DAY).toISOString(),
    });
    expect(made.status).toBe('scheduled');
    const ended = await staff(owner, 'POST', `/coupons/${made.couponID}/end`);
    expect(ended.data).toMatchObject({
      status: 'ended',
      startsAt: t.clock.now().toISOString(),
      endsAt: t.clock.now().toISOString(),
    });
  });

  it('a changed coupon gives its new discount at once, and the change is audited with before and after', async () => {
    const made = await createCoupon();
    const c = await shopperWithCart();
    expect((await shop<CartList>(c, 'POST', '/cart/apply-discount', { code: made.code })).data.discount).toBe(
      200,
    );
    const changed = await staff(
      manager,
      'PUT',
      `/coupons/${made.couponID}`,
      couponBody({ code: made.code, kind: 'fixed', value: 550, description: 'Five fifty off' }),
    );
    expect(changed.code, changed.msg).toBe(0);
    expect(changed.data).toMatchObject({ kind: 'fixed', value: 550, description: 'Five fifty off' });
    expect((await shop<CartList>(c, 'GET', '/cart/list')).data.discount).toBe(550);

    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'coupon.update'), eq(auditLog.targetId, String(made.couponID))));
    expect(entry?.before).toMatchObject({ kind: 'percent', value: 10 });
    expect(entry?.after).toMatchObject({ kind: 'fixed', value: 550 });
  });

  it('a free delivery coupon takes no money off the goods and makes shipping free', async () => {
    const made = await createCoupon({ kind: 'free_shipping', value: 0 });
    const c = await shopperWithCart();
    const applied = await shop<CartList>(c, 'POST', '/cart/apply-discount', { code: made.code });
    expect(applied.data).toMatchObject({ discount: 0, freeShipping: true });
  });
});

describe('a personal coupon', () => {
  it('works only for the customers it is given to, and shows in their wallet', async () => {
    const made = await createCoupon({ isPersonal: true, kind: 'fixed', value: 500 });
    const chosen = await shopperWithCart();
    const other = await shopperWithCart();

    const given = await staff<CouponGiveResult>(manager, 'POST', `/coupons/${made.couponID}/customers`, {
      emails: [chosen.email.toUpperCase(), ` ${chosen.email} `],
    });
    expect(given.code, given.msg).toBe(0);
    expect(given.data).toEqual({ added: 1, alreadyHeld: 0 });

    expect((await shop(other, 'POST', '/cart/apply-discount', { code: made.code })).code).toBe(100403);
    const applied = await shop<CartList>(chosen, 'POST', '/cart/apply-discount', { code: made.code });
    expect(applied.code, applied.msg).toBe(0);
    expect(applied.data.discount).toBe(500);

    const wallet = await shop<CouponPackage>(chosen, 'GET', '/customer/coupon/package');
    expect(wallet.data.list.map((w) => w.code)).toContain(made.code);
    const othersWallet = await shop<CouponPackage>(other, 'GET', '/customer/coupon/package');
    expect(othersWallet.data.list.map((w) => w.code)).not.toContain(made.code);

    const detail = await staff(manager, 'GET', `/coupons/${made.couponID}`);
    expect(detail.data.customerCount).toBe(1);
    expect(detail.data.customers).toEqual([
      expect.objectContaining({ customerID: chosen.user.customerID, email: chosen.email, usedCount: 0 }),
    ]);

    // Giving it again is harmless, and writes no audit entry.
    const twice = await staff<CouponGiveResult>(manager, 'POST', `/coupons/${made.couponID}/customers`, {
      emails: [chosen.email],
    });
    expect(twice.data).toEqual({ added: 0, alreadyHeld: 1 });
    expect(await auditActions(made.couponID)).toEqual(['coupon.create', 'coupon.give']);
  });

  it('an email no customer has is named back, and nobody is given the coupon', async () => {
    const made = await createCoupon({ isPersonal: true });
    const known = await registerCustomer(t.app);
    const res = await staff<null>(manager, 'POST', `/coupons/${made.couponID}/customers`, {
      emails: [known.email, 'nobody.here@example.com'],
    });
    expect(res).toMatchObject({ statusCode: 200, code: 101503, data: null });
    expect(res.msg).toContain('nobody.here@example.com');
    expect(res.msg).not.toContain(known.email);
    const wallet = await shop<CouponPackage>(known, 'GET', '/customer/coupon/package');
    expect(wallet.data.list.map((w) => w.code)).not.toContain(made.code);
    expect((await staff(manager, 'GET', `/coupons/${made.couponID}`)).data.customers).toEqual([]);
  });

  it('an ended coupon is not given to anyone', async () => {
    const made = await createCoupon({ isPersonal: true });
    await staff(manager, 'POST', `/coupons/${made.couponID}/end`);
    const c = await registerCustomer(t.app);
    const res = await staff(manager, 'POST', `/coupons/${made.couponID}/customers`, { emails: [c.email] });
    expect(res.code).toBe(101504);
  });
});

describe('coupon rules staff may not break', () => {
  it('a code is taken in any letter case, by a new coupon or a changed one', async () => {
    const first = await createCoupon();
    const second = await createCoupon();
    const before = await couponCount();
    const taken = await staff(manager, 'POST', '/coupons', couponBody({ code: first.code.toLowerCase() }));
    expect(taken).toMatchObject({ statusCode: 200, code: 101501 });
    expect(await couponCount()).toBe(before);
    const renamed = await staff(
      manager,
      'PUT',
      `/coupons/${second.couponID}`,
      couponBody({ code: first.code }),
    );
    expect(renamed.code).toBe(101501);
    expect((await staff(manager, 'GET', `/coupons/${second.couponID}`)).data.code).toBe(second.code);
  });

  it('the usage limit cannot fall below the uses the coupon has', async () => {
    const made = await createCoupon({ usageLimit: 10 });
    await db().update(coupons).set({ usedCount: 3 }).where(eq(coupons.id, made.couponID));
    const below = await staff(
      manager,
      'PUT',
      `/coupons/${made.couponID}`,
      couponBody({ code: made.code, usageLimit: 2 }),
    );
    expect(below.code).toBe(101502);
    expect(below.msg).toContain('used 3 times');
    const at = await staff(
      manager,
      'PUT',
      `/coupons/${made.couponID}`,
      couponBody({ code: made.code, usageLimit: 3 }),
    );
    expect(at.data).toMatchObject({ usageLimit: 3, usedCount: 3, status: 'ended' });
  });

  it.each([
    ['code', { code: 'AB' }],
    ['code', { code: 'SUMMER-10' }],
    ['code', { code: 'X'.repeat(33) }],
    ['value', { kind: 'percent', value: 0 }],
    ['value', { kind: 'percent', value: 101 }],
    ['value', { kind: 'fixed', value: 0 }],
    ['value', { kind: 'free_shipping', value: 500 }],
    ['minSpend', { minSpend: -1 }],
    ['endsAt', { endsAt: new Date(Date.now() - 2 * DAY).toISOString() }],
    ['startsAt', { startsAt: 'next Tuesday' }],
    ['usageLimit', { usageLimit: 0 }],
    ['perCustomerLimit', { perCustomerLimit: 0 }],
    ['description', { description: '' }],
  ] as const)(
    'a coupon with a bad %s is refused with a 400 naming it, and nothing is written',
    async (field, bad) => {
      const before = await couponCount();
      const res = await staff<{ fields: { field: string }[] }>(manager, 'POST', '/coupons', {
        ...couponBody(),
        ...bad,
      });
      expect(res.statusCode).toBe(400);
      expect(res.data.fields.map((f) => f.field)).toContain(`body.${field}`);
      expect(await couponCount()).toBe(before);
    },
  );

  it('a change with bad input is refused with a 400 and the coupon stays as it was', async () => {
    const made = await createCoupon();
    const res = await staff<{ fields: { field: string }[] }>(
      manager,
      'PUT',
      `/coupons/${made.couponID}`,
      couponBody({ code: made.code, kind: 'percent', value: 150 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.data.fields.map((f) => f.field)).toEqual(['body.value']);
    expect((await staff(manager, 'GET', `/coupons/${made.couponID}`)).data.value).toBe(10);
  });

  it('an unknown coupon is not found', async () => {
    for (const [method, url, body] of [
      ['GET', '/coupons/2000000000', undefined],
      ['PUT', '/coupons/2000000000', couponBody()],
      ['POST', '/coupons/2000000000/end', {}],
      ['POST', '/coupons/2000000000/customers', { emails: ['a@example.com'] }],
    ] as const) {
      const res = await staff(manager, method, url, body);
      expect([res.statusCode, res.code], `${method} ${url}`).toEqual([404, 100002]);
    }
  });
});

describe('the coupon list', () => {
  it('finds by part of the code and tells running, scheduled and ended apart', async () => {
    const tag = uniqueCode('LIST');
    const now = t.clock.now().getTime();
    const running = await createCoupon({ code: `${tag}RUN` });
    const scheduled = await createCoupon({
      code: `${tag}SOON`,
      startsAt: new Date(now + DAY).toISOString(),
      endsAt: new Date(now + 2 * DAY).toISOString(),
    });
    const ended = await createCoupon({ code: `${tag}OVER` });
    await staff(manager, 'POST', `/coupons/${ended.couponID}/end`);
    const usedUp = await createCoupon({ code: `${tag}GONE`, usageLimit: 1 });
    await db().update(coupons).set({ usedCount: 1 }).where(eq(coupons.id, usedUp.couponID));

    const codes = async (query: string) => {
      const res = await staff<CouponList>(manager, 'GET', `/coupons?q=${tag.toLowerCase()}${query}`);
      expect(res.code, res.msg).toBe(0);
      return res.data.list.map((c) => c.code).sort();
    };
    expect(await codes('')).toEqual([ended.code, usedUp.code, running.code, scheduled.code].sort());
    expect(await codes('&status=running')).toEqual([running.code]);
    expect(await codes('&status=scheduled')).toEqual([scheduled.code]);
    expect(await codes('&status=ended')).toEqual([usedUp.code, ended.code].sort());

    const page = await staff<CouponList>(manager, 'GET', `/coupons?q=${tag}&pageSize=2&page=2`);
    expect(page.data).toMatchObject({ total: 4, page: 2, pageSize: 2 });
    expect(page.data.list).toHaveLength(2);
    expect((await staff(manager, 'GET', '/coupons?status=finished')).statusCode).toBe(400);
  });

  it('a search with % or _ matches them as written', async () => {
    await createCoupon();
    const res = await staff<CouponList>(manager, 'GET', `/coupons?q=${encodeURIComponent('%')}`);
    expect(res.data.total).toBe(0);
  });
});

describe('who may manage coupons', () => {
  it('pickers and support are refused, and nothing is written', async () => {
    const made = await createCoupon();
    const before = await couponCount();
    for (const token of [picker, support]) {
      for (const [method, url, body] of [
        ['GET', '/coupons', undefined],
        ['GET', `/coupons/${made.couponID}`, undefined],
        ['POST', '/coupons', couponBody()],
        ['PUT', `/coupons/${made.couponID}`, couponBody({ code: made.code, value: 50 })],
        ['POST', `/coupons/${made.couponID}/end`, {}],
        ['POST', `/coupons/${made.couponID}/customers`, { emails: ['a@example.com'] }],
      ] as const) {
        const res = await staff(token, method, url, body);
        expect([res.statusCode, res.code], `${method} ${url}`).toEqual([403, 100012]);
      }
    }
    expect(await couponCount()).toBe(before);
    expect((await staff(owner, 'GET', `/coupons/${made.couponID}`)).data).toMatchObject({
      value: 10,
      status: 'running',
    });
  });
});
