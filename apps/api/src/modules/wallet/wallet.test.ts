import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplyVoucherResult, CouponPackage, Credits } from '@storefront/contract/wallet';
import { coupons, creditLedger, vouchers } from '../../db/schema/index.js';
import { bearer, registerCustomer } from '../../../test/factories.js';
import { createCoupon, giveCoupon } from '../../../test/catalog-factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { DEMO_LOGIN, seedDemo } from '../../db/seed/demo.js';
import { seedDemoWallet } from '../../db/seed/wallet.js';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

function call(method: 'GET' | 'POST', url: string, token: string, payload?: object, app = t.app) {
  return app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });
}

async function creditsOf(token: string, query = ''): Promise<Credits> {
  const res = await call('GET', `/customer/credits${query}`, token);
  expect(res.json().code).toBe(0);
  return res.json<{ data: Credits }>().data;
}

async function walletOf(token: string, query = ''): Promise<CouponPackage> {
  const res = await call('GET', `/customer/coupon/package${query}`, token);
  expect(res.json().code).toBe(0);
  return res.json<{ data: CouponPackage }>().data;
}

let voucherCounter = 0;
async function createVoucher(overrides: { amountCents?: number; expiresAt?: Date } = {}) {
  voucherCounter += 1;
  const [row] = await db()
    .insert(vouchers)
    .values({
      code: `GIFT-T${voucherCounter}-${Math.random().toString(36).slice(2, 8)}`.toUpperCase(),
      amountCents: overrides.amountCents ?? 2500,
      expiresAt: overrides.expiresAt ?? new Date(t.clock.now().getTime() + 30 * DAY),
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

async function ledgerOf(customerId: number) {
  return db().select().from(creditLedger).where(eq(creditLedger.customerId, customerId));
}

describe('customer/credits', () => {
  it('answers a zero balance and no entries for a new customer', async () => {
    const c = await registerCustomer(t.app);
    expect(await creditsOf(c.token)).toEqual({
      balance: 0,
      entries: { list: [], total: 0, page: 1, pageSize: 10 },
    });
  });

  it('needs a signed-in customer', async () => {
    const res = await t.app.inject({ url: '/api/v1/customer/credits' });
    expect(res.statusCode).toBe(401);
  });

  it('sums the ledger and pages it newest first', async () => {
    const c = await registerCustomer(t.app);
    const base = Date.now() - 10 * DAY;
    for (let i = 0; i < 5; i += 1) {
      await db()
        .insert(creditLedger)
        .values({
          customerId: c.user.customerID,
          amountCents: 100 * (i + 1),
          reason: 'goodwill',
          createdAt: new Date(base + i * DAY),
        });
    }
    const first = await creditsOf(c.token, '?page=1&pageSize=2');
    expect(first.balance).toBe(1500);
    expect(first.entries.total).toBe(5);
    expect(first.entries.list.map((e) => e.amount)).toEqual([500, 400]);
    const last = await creditsOf(c.token, '?page=3&pageSize=2');
    expect(last.entries.list.map((e) => e.amount)).toEqual([100]);
    expect(last.entries.list[0]).toMatchObject({ reason: 'goodwill', orderID: null, voucherCode: null });
  });

  it('never answers a negative balance', async () => {
    const c = await registerCustomer(t.app);
    await db()
      .insert(creditLedger)
      .values({ customerId: c.user.customerID, amountCents: -300, reason: 'goodwill' });
    expect((await creditsOf(c.token)).balance).toBe(0);
  });

  it('rejects a page size over 50 and unknown query fields', async () => {
    const c = await registerCustomer(t.app);
    const big = await call('GET', '/customer/credits?pageSize=51', c.token);
    expect(big.statusCode).toBe(400);
    expect(big.json().msg).toMatch(/pageSize/);
    const unknown = await call('GET', '/customer/credits?customerID=1', c.token);
    expect(unknown.statusCode).toBe(400);
  });

  it("never shows another customer's entries", async () => {
    const a = await registerCustomer(t.app);
    const b = await registerCustomer(t.app);
    await db()
      .insert(creditLedger)
      .values({ customerId: a.user.customerID, amountCents: 700, reason: 'goodwill' });
    expect(await creditsOf(b.token)).toMatchObject({ balance: 0, entries: { total: 0 } });
  });
});

describe('customer/coupon/package', () => {
  async function customerWithWallet() {
    const c = await registerCustomer(t.app);
    const now = t.clock.now();
    const available = await createCoupon(db(), { minSpendCents: 3000 }, now);
    const used = await createCoupon(db(), { kind: 'fixed', value: 500 }, now);
    const ended = await createCoupon(db(), { endsAt: new Date(now.getTime() - DAY) }, now);
    const usedUp = await createCoupon(
      db(),
      { kind: 'free_shipping', value: 0, usageLimit: 5, usedCount: 5 },
      now,
    );
    const upcoming = await createCoupon(db(), { startsAt: new Date(now.getTime() + DAY) }, now);
    await giveCoupon(db(), c.user.customerID, available.id);
    await giveCoupon(db(), c.user.customerID, used.id, 1);
    await giveCoupon(db(), c.user.customerID, ended.id);
    await giveCoupon(db(), c.user.customerID, usedUp.id);
    await giveCoupon(db(), c.user.customerID, upcoming.id);
    return { c, available, used, ended, usedUp, upcoming };
  }

  it('lists each coupon with its rules and its state for this customer', async () => {
    const w = await customerWithWallet();
    const { list } = await walletOf(w.c.token);
    const stateOf = (code: string) => list.find((x) => x.code === code)?.status;
    expect(list).toHaveLength(5);
    expect(stateOf(w.available.code)).toBe('available');
    expect(stateOf(w.used.code)).toBe('used');
    expect(stateOf(w.ended.code)).toBe('expired');
    expect(stateOf(w.usedUp.code)).toBe('expired');
    expect(stateOf(w.upcoming.code)).toBe('upcoming');
    expect(list.find((x) => x.code === w.available.code)).toMatchObject({
      kind: 'percent',
      value: 10,
      minSpend: 3000,
      usageLimit: null,
      perCustomerLimit: 1,
      usedCount: 0,
    });
  });

  it('filters by repeated status keys', async () => {
    const w = await customerWithWallet();
    const some = await walletOf(w.c.token, '?status=used&status=expired');
    expect(some.list.map((x) => x.code).sort()).toEqual([w.used.code, w.ended.code, w.usedUp.code].sort());
    const one = await walletOf(w.c.token, '?status=available');
    expect(one.list.map((x) => x.code)).toEqual([w.available.code]);
  });

  it('rejects an unknown status naming the field', async () => {
    const c = await registerCustomer(t.app);
    const res = await call('GET', '/customer/coupon/package?status=lost', c.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/status/);
  });

  it('follows the coupon when it changes', async () => {
    const w = await customerWithWallet();
    await db().update(coupons).set({ usedCount: 0 }).where(eq(coupons.id, w.usedUp.id));
    const { list } = await walletOf(w.c.token, '?status=available');
    expect(list.map((x) => x.code).sort()).toEqual([w.available.code, w.usedUp.code].sort());
  });

  it('shows a personal coupon as available to the customer whose wallet holds it', async () => {
    const c = await registerCustomer(t.app);
    const personal = await createCoupon(db(), { isPersonal: true }, t.clock.now());
    await giveCoupon(db(), c.user.customerID, personal.id);
    const { list } = await walletOf(c.token);
    expect(list.map((x) => [x.code, x.status])).toEqual([[personal.code, 'available']]);
  });

  it("never shows another customer's coupons", async () => {
    await customerWithWallet();
    const other = await registerCustomer(t.app);
    expect(await walletOf(other.token)).toEqual({ list: [] });
  });
});

describe('customer/apply-voucher', () => {
  it('redeems a voucher into store credit once', async () => {
    const c = await registerCustomer(t.app);
    const v = await createVoucher({ amountCents: 2500 });
    const res = await call('POST', '/customer/apply-voucher', c.token, { code: v.code.toLowerCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: ApplyVoucherResult }>().data).toEqual({ balance: 2500, credited: 2500 });
    const credits = await creditsOf(c.token);
    expect(credits.balance).toBe(2500);
    expect(credits.entries.list[0]).toMatchObject({ amount: 2500, reason: 'voucher', voucherCode: v.code });
    const [row] = await db().select().from(vouchers).where(eq(vouchers.id, v.id));
    expect(row?.redeemedBy).toBe(c.user.customerID);
  });

  it('refuses an unknown code', async () => {
    const c = await registerCustomer(t.app);
    const res = await call('POST', '/customer/apply-voucher', c.token, { code: 'NO-SUCH-CODE' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 100701, data: null });
  });

  it('refuses an expired voucher and credits nothing', async () => {
    const c = await registerCustomer(t.app);
    const v = await createVoucher({ expiresAt: new Date(t.clock.now().getTime() - DAY) });
    const res = await call('POST', '/customer/apply-voucher', c.token, { code: v.code });
    expect(res.json().code).toBe(100703);
    expect(await ledgerOf(c.user.customerID)).toEqual([]);
  });

  it('refuses a voucher redeemed before, by the same or another customer', async () => {
    const a = await registerCustomer(t.app);
    const b = await registerCustomer(t.app);
    const v = await createVoucher();
    expect((await call('POST', '/customer/apply-voucher', a.token, { code: v.code })).json().code).toBe(0);
    expect((await call('POST', '/customer/apply-voucher', a.token, { code: v.code })).json().code).toBe(
      100702,
    );
    expect((await call('POST', '/customer/apply-voucher', b.token, { code: v.code })).json().code).toBe(
      100702,
    );
    expect(await ledgerOf(a.user.customerID)).toHaveLength(1);
    expect(await ledgerOf(b.user.customerID)).toEqual([]);
  });

  it('a voucher redeemed 20 times at once credits once', async () => {
    const customers = await Promise.all(Array.from({ length: 20 }, () => registerCustomer(t.app)));
    const v = await createVoucher({ amountCents: 1000 });
    const results = await Promise.all(
      customers.map((c) => call('POST', '/customer/apply-voucher', c.token, { code: v.code })),
    );
    const codes = results.map((r) => r.json().code);
    expect(codes.filter((x) => x === 0)).toHaveLength(1);
    expect(codes.filter((x) => x === 100702)).toHaveLength(19);
    const entries = await db().select().from(creditLedger).where(eq(creditLedger.voucherId, v.id));
    expect(entries).toHaveLength(1);
  });

  it('rejects bad input naming the field and writes nothing', async () => {
    const c = await registerCustomer(t.app);
    const v = await createVoucher();
    for (const payload of [
      {},
      { code: '' },
      { code: 'x'.repeat(41) },
      { code: 'bad code!' },
      { code: v.code, extra: 1 },
    ]) {
      const res = await call('POST', '/customer/apply-voucher', c.token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(100001);
      if (!('extra' in payload)) expect(res.json().msg).toMatch(/code/);
    }
    expect(await ledgerOf(c.user.customerID)).toEqual([]);
    const [row] = await db().select().from(vouchers).where(eq(vouchers.id, v.id));
    expect(row?.redeemedBy).toBeNull();
  });

  it('needs a signed-in customer', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/apply-voucher',
      payload: { code: 'X' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('voucher rate limits', () => {
  /** A voucher guess on `limited`, from the test's address unless another is given. */
  function guess(limited: TestApp, token: string, code: string, remoteAddress?: string) {
    return limited.app.inject({
      method: 'POST',
      url: '/api/v1/customer/apply-voucher',
      headers: bearer(token),
      payload: { code },
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  }

  it('answers 429 once one address has tried too often, whichever accounts it used', async () => {
    const limited = await createTestApp({ env: { AUTH_LIMIT_PER_IP: '4' } });
    try {
      const first = await registerCustomer(limited.app);
      const second = await registerCustomer(limited.app);
      for (const [i, c] of [first, first, second, second].entries()) {
        expect((await guess(limited, c.token, `WRONG-${i}`)).json().code).toBe(100701);
      }
      const third = await guess(limited, second.token, 'WRONG-9');
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ code: 100029, data: null });
      // Another address still gets its own tries.
      const elsewhere = await guess(limited, second.token, 'WRONG-10', '10.1.2.3');
      expect(elsewhere.json()).toMatchObject({ code: 100701 });
    } finally {
      await limited.close();
    }
  });

  it('answers 429 once an account has tried too often, and then credits nothing', async () => {
    const limited = await createTestApp({ env: { AUTH_LIMIT_PER_ACCOUNT: '3' } });
    try {
      const c = await registerCustomer(limited.app);
      for (let i = 0; i < 3; i += 1) {
        expect((await guess(limited, c.token, `WRONG-${i}`)).json().code).toBe(100701);
      }
      // A real voucher's code now: refused all the same, and nothing credited for it.
      const [real] = await limited.database.db
        .insert(vouchers)
        .values({
          code: 'GIFT-LIMITED',
          amountCents: 2500,
          expiresAt: new Date(limited.clock.now().getTime() + 30 * DAY),
        })
        .returning();
      const blocked = await guess(limited, c.token, 'GIFT-LIMITED');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ code: 100029, data: null });
      const ledger = await limited.database.db
        .select()
        .from(creditLedger)
        .where(eq(creditLedger.customerId, c.user.customerID));
      expect(ledger).toEqual([]);
      const [after] = await limited.database.db
        .select()
        .from(vouchers)
        .where(eq(vouchers.id, real?.id ?? 0));
      expect(after).toMatchObject({ redeemedBy: null, redeemedAt: null });
    } finally {
      await limited.close();
    }
  });

  it('answers 429 once one IP has tried too often across accounts', async () => {
    const limited = await createTestApp({ env: { AUTH_LIMIT_PER_IP: '4' } });
    try {
      // Registering counts against the auth limit of the same IP, so sign up before the voucher attempts.
      const a = await registerCustomer(limited.app);
      const b = await registerCustomer(limited.app);
      const codes: number[] = [];
      for (const c of [a, b, a, b, a]) codes.push((await guess(limited, c.token, 'WRONG')).statusCode);
      expect(codes).toEqual([200, 200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('demo wallet seed', () => {
  it('adds the demo vouchers and one goodwill credit, and nothing more when run again', async () => {
    await seedDemo(db(), 10);
    await seedDemoWallet(db());
    await seedDemoWallet(db());
    const codes = await db().select({ code: vouchers.code }).from(vouchers);
    expect(codes.filter((v) => v.code.startsWith('GIFT-2500') || v.code === 'GIFT-EXPIRED')).toHaveLength(2);
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/login', payload: DEMO_LOGIN });
    const token = login.headers.authorization;
    if (typeof token !== 'string') throw new Error(`login failed: ${login.body}`);
    expect(await creditsOf(token)).toMatchObject({ balance: 500, entries: { total: 1 } });
    const expired = await call('POST', '/customer/apply-voucher', token, { code: 'gift-expired' });
    expect(expired.json().code).toBe(100703);
  });
});
