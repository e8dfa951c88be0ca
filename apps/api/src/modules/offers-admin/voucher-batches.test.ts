import { parse } from 'csv-parse/sync';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VoucherBatch, VoucherBatchBody, VoucherBatchList } from '@storefront/contract/offers-admin';
import type { ApplyVoucherResult } from '@storefront/contract/wallet';
import { auditLog, vouchers } from '../../db/schema/index.js';
import { bearer, registerCustomer } from '../../../test/factories.js';
import { addStaff, staffCall, staffSession } from '../../../test/staff-factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import type { Actor } from '../audit/audit.service.js';
import { createVoucherBatches } from './voucher-batches.service.js';
import { newVoucherCodes } from './voucher-codes.js';

const DAY = 24 * 3600 * 1000;
const CODE = /^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/;
let t: TestApp;
let managerId: number;
let manager: string;
let picker: string;
let support: string;
let labels = 0;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  managerId = (await addStaff(db(), 'manager')).id;
  manager = await staffSession(t, managerId);
  picker = await staffSession(t, (await addStaff(db(), 'picker')).id);
  support = await staffSession(t, (await addStaff(db(), 'support')).id);
});
afterAll(() => t?.close());

type Answer<T> = { statusCode: number; code: number; msg: string; data: T };
type CsvRow = { code: string; amount: string; expires: string; redeemed_at: string };

async function staff<T = VoucherBatch>(
  token: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
): Promise<Answer<T>> {
  const res = await staffCall(t, token, method, url, payload);
  return { statusCode: res.statusCode, ...res.json<{ code: number; msg: string; data: T }>() };
}

function batchBody(overrides: Partial<VoucherBatchBody> = {}): VoucherBatchBody {
  labels += 1;
  return {
    label: `Test batch ${labels} ${Date.now()}`,
    count: 5,
    amount: 2500,
    expiresAt: new Date(t.clock.now().getTime() + 90 * DAY).toISOString(),
    ...overrides,
  };
}

function exportUrl(label: string): string {
  return `/vouchers/batches/${encodeURIComponent(label)}/export`;
}

async function exported(label: string): Promise<CsvRow[]> {
  const res = await staffCall(t, manager, 'GET', exportUrl(label));
  expect(res.statusCode, res.body).toBe(200);
  return parse(res.body, { columns: true }) as CsvRow[];
}

async function voucherCount(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(vouchers);
  return row?.n ?? 0;
}

function redeem(token: string, code: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/apply-voucher',
    headers: bearer(token),
    payload: { code },
  });
}

describe('a batch of gift vouchers', () => {
  it('makes unique codes a customer can redeem, lists the batch and exports its codes as CSV', async () => {
    const body = batchBody({ label: "Mother's Day / 2027", count: 25, amount: 2500 });
    const made = await staff(manager, 'POST', '/vouchers/batches', body);
    expect(made.code, made.msg).toBe(0);
    expect(made.data).toEqual({
      label: body.label,
      count: 25,
      redeemed: 0,
      amount: 2500,
      expiresAt: body.expiresAt,
      createdAt: t.clock.now().toISOString(),
    });

    const res = await staffCall(t, manager, 'GET', exportUrl(body.label));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    // The codes are worth money: no cache on the way keeps them.
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe('attachment; filename="vouchers-Mother-s-Day-2027.csv"');
    expect(res.body.split('\n')[0]).toBe('code,amount,expires,redeemed_at');
    const rows = parse(res.body, { columns: true }) as CsvRow[];
    expect(rows).toHaveLength(25);
    expect(new Set(rows.map((r) => r.code)).size).toBe(25);
    for (const row of rows) {
      expect(row).toMatchObject({ amount: '25.00', expires: body.expiresAt, redeemed_at: '' });
      expect(row.code).toMatch(CODE);
    }

    const [first] = rows;
    if (!first) throw new Error('no code exported');
    const c = await registerCustomer(t.app);
    const redeemed = await redeem(c.token, first.code);
    expect(redeemed.json<{ code: number; data: ApplyVoucherResult }>()).toMatchObject({
      code: 0,
      data: { credited: 2500, balance: 2500 },
    });

    // Typed as a customer reads it off a card, with spaces or none for the dashes.
    const second = rows[1];
    const third = rows[2];
    if (!second || !third) throw new Error('too few codes exported');
    const spaced = await redeem(c.token, second.code.replaceAll('-', ' ').toLowerCase());
    expect(spaced.json<{ code: number }>().code).toBe(0);
    const joined = await redeem(c.token, third.code.replaceAll('-', ''));
    expect(joined.json<{ code: number }>().code).toBe(0);

    const after = await exported(body.label);
    expect(after.find((r) => r.code === first.code)?.redeemed_at).toBe(t.clock.now().toISOString());
    expect(after.filter((r) => r.redeemed_at !== '')).toHaveLength(3);
    const list = await staff<VoucherBatchList>(manager, 'GET', '/vouchers/batches?pageSize=50');
    expect(list.data.list.find((b) => b.label === body.label)).toMatchObject({ count: 25, redeemed: 3 });
  });

  it('is audited with its label, count, amount and expiry, never its codes', async () => {
    const body = batchBody({ count: 3 });
    expect((await staff(manager, 'POST', '/vouchers/batches', body)).code).toBe(0);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.targetId, body.label));
    expect(entry).toMatchObject({
      staffId: managerId,
      action: 'voucher.batch.create',
      targetType: 'voucher_batch',
      after: { label: body.label, count: 3, amount: 2500, expiresAt: body.expiresAt },
    });
    const codes = (await exported(body.label)).map((r) => r.code);
    const written = JSON.stringify(entry);
    for (const code of codes) expect(written).not.toContain(code);
  });

  it('a batch of 1000 is made at once', async () => {
    const body = batchBody({ count: 1000 });
    const made = await staff(manager, 'POST', '/vouchers/batches', body);
    expect(made.data.count).toBe(1000);
    expect(new Set((await exported(body.label)).map((r) => r.code)).size).toBe(1000);
  });

  it('a code another voucher has is replaced by a fresh one', async () => {
    const body = batchBody({ count: 2 });
    const first = await staff(manager, 'POST', '/vouchers/batches', body);
    expect(first.code).toBe(0);
    const [taken] = await exported(body.label);
    if (!taken) throw new Error('no code exported');
    const draws = [[taken.code, 'ZZZZ-ZZZZ-ZZZ2'], ['ZZZZ-ZZZZ-ZZZ3']];
    const batches = createVoucherBatches(db(), t.clock.now, {
      newCodes: (n) => draws.shift()?.slice(0, n) ?? newVoucherCodes(n),
    });
    const actor: Actor = { staffId: managerId, role: 'manager', requestId: 'test', ip: '127.0.0.1' };
    const label = `Clash ${Date.now()}`;
    const made = await batches.create({ ...body, label, count: 2 }, actor);
    expect(made.count).toBe(2);
    expect((await exported(label)).map((r) => r.code).sort()).toEqual(['ZZZZ-ZZZZ-ZZZ2', 'ZZZZ-ZZZZ-ZZZ3']);
    expect((await exported(body.label)).map((r) => r.code)).toContain(taken.code);
  });
});

describe('what a batch refuses', () => {
  it('a label already used, writing no voucher', async () => {
    const body = batchBody();
    expect((await staff(manager, 'POST', '/vouchers/batches', body)).code).toBe(0);
    const before = await voucherCount();
    const again = await staff(manager, 'POST', '/vouchers/batches', { ...body, count: 3 });
    expect(again).toMatchObject({ statusCode: 200, code: 101505 });
    expect(await voucherCount()).toBe(before);
  });

  it('an expiry already past', async () => {
    const before = await voucherCount();
    const res = await staff(
      manager,
      'POST',
      '/vouchers/batches',
      batchBody({
        expiresAt: new Date(t.clock.now().getTime() - 1000).toISOString(),
      }),
    );
    expect(res).toMatchObject({ statusCode: 200, code: 101506 });
    expect(await voucherCount()).toBe(before);
  });

  it.each([
    ['count', { count: 0 }],
    ['count', { count: 1001 }],
    ['amount', { amount: 0 }],
    ['amount', { amount: 12.5 }],
    ['expiresAt', { expiresAt: 'in a month' }],
    ['label', { label: '  ' }],
    ['label', { label: 'x'.repeat(61) }],
  ] as const)('a bad %s with a 400 naming it', async (field, bad) => {
    const before = await voucherCount();
    const res = await staff<{ fields: { field: string }[] }>(manager, 'POST', '/vouchers/batches', {
      ...batchBody(),
      ...bad,
    });
    expect(res.statusCode).toBe(400);
    expect(res.data.fields.map((f) => f.field)).toContain(`body.${field}`);
    expect(await voucherCount()).toBe(before);
  });

  it('an export of a batch that does not exist is not found', async () => {
    const res = await staff(manager, 'GET', exportUrl('No such batch'));
    expect([res.statusCode, res.code]).toEqual([404, 100002]);
  });

  it('pickers and support may not make, list or export batches', async () => {
    const body = batchBody();
    expect((await staff(manager, 'POST', '/vouchers/batches', body)).code).toBe(0);
    const before = await voucherCount();
    for (const token of [picker, support]) {
      for (const [method, url, payload] of [
        ['POST', '/vouchers/batches', batchBody()],
        ['GET', '/vouchers/batches', undefined],
        ['GET', exportUrl(body.label), undefined],
      ] as const) {
        const res = await staff(token, method, url, payload);
        expect([res.statusCode, res.code], `${method} ${url}`).toEqual([403, 100012]);
      }
    }
    expect(await voucherCount()).toBe(before);
  });
});

describe('the batch list', () => {
  it('lists the newest batch first, a page at a time', async () => {
    t.clock.advance(60_000);
    const older = batchBody({ count: 1 });
    await staff(manager, 'POST', '/vouchers/batches', older);
    t.clock.advance(60_000);
    const newer = batchBody({ count: 2, amount: 5000 });
    await staff(manager, 'POST', '/vouchers/batches', newer);
    const page = await staff<VoucherBatchList>(manager, 'GET', '/vouchers/batches?pageSize=2');
    expect(page.data.list.map((b) => b.label)).toEqual([newer.label, older.label]);
    expect(page.data.list[0]).toMatchObject({ count: 2, amount: 5000, redeemed: 0 });
    expect(page.data.total).toBeGreaterThanOrEqual(2);
  });
});
