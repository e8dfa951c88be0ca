import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { openTestDatabase } from '../../../test/test-app.js';
import { createDbDemoPaymentStore } from './demo-payment.repo.js';
import { createMemoryDemoPaymentStore, type DemoPaymentStore } from './demo-payment-store.js';
import { DemoPaymentProvider } from './demo-provider.js';
import { PaymentAmountMismatchError, type StartPaymentInput } from './payment-provider.js';

function startInput(overrides: Partial<StartPaymentInput> = {}): StartPaymentInput {
  return {
    merchantReference: 'SO-3001',
    amountCents: 4250,
    currency: 'AUD',
    customer: { email: 'ana@example.com', firstName: 'Ana', lastName: 'Lee' },
    returnUrl: '/checkout/paid?order=3001',
    cancelUrl: 'https://shop.example/checkout/cancelled',
    idempotencyKey: 'k',
    ...overrides,
  };
}

function captureInput(providerRef: string, amountCents = 4250, idempotencyKey = 'cap') {
  return { providerRef, merchantReference: 'SO-3001', amountCents, idempotencyKey };
}

let database: Database | undefined;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

/** The same behaviour from the in-memory store the provider's tests use and from the store on the database. */
const stores: [string, () => DemoPaymentStore][] = [
  ['in memory', createMemoryDemoPaymentStore],
  [
    'on the database',
    () => {
      if (!database) throw new Error('no database');
      return createDbDemoPaymentStore(database.db);
    },
  ],
];

let makeStore: () => DemoPaymentStore = createMemoryDemoPaymentStore;

async function started(store: DemoPaymentStore = makeStore()) {
  const provider = new DemoPaymentProvider({ store });
  const { providerRef, redirectUrl } = await provider.start(startInput());
  return { provider, store, ref: providerRef, redirectUrl };
}

describe.each(stores)('demo payment provider with its store %s', (_name, storeFactory) => {
  beforeAll(() => {
    makeStore = storeFactory;
  });

  it('sends the customer to the store’s own approve page with an unguessable reference', async () => {
    const { ref, redirectUrl } = await started();
    const other = await started();

    expect(redirectUrl).toBe(`/payment/demo/approve?ref=${ref}`);
    expect(ref).toMatch(/^demo_[A-Za-z0-9_-]{22}$/);
    expect(other.ref).not.toBe(ref);
  });

  it('shows the approve page the amount and the order reference', async () => {
    const { provider, ref } = await started();

    expect(await provider.getPayment(ref)).toEqual({
      ref,
      merchantReference: 'SO-3001',
      amountCents: 4250,
      state: 'awaiting_customer',
    });
    expect(await provider.getPayment('demo_unknown')).toBeUndefined();
  });

  it('approving sends the customer back to the return URL and lets the store capture', async () => {
    const { provider, ref } = await started();

    const decision = await provider.approve(ref);
    const capture = await provider.capture(captureInput(ref));

    expect(decision).toEqual({ state: 'approved', redirectUrl: `/checkout/paid?order=3001&ref=${ref}` });
    expect(capture).toMatchObject({ status: 'captured', amountCents: 4250 });
    expect(await provider.getStatus(ref)).toEqual(capture);
  });

  it('declining sends the customer to the cancel URL and the capture is a decline', async () => {
    const { provider, ref } = await started();

    const decision = await provider.decline(ref);

    expect(decision).toEqual({
      state: 'declined',
      redirectUrl: `https://shop.example/checkout/cancelled?ref=${ref}`,
    });
    expect(await provider.capture(captureInput(ref))).toEqual({
      status: 'declined',
      reason: 'DECLINED_BY_CUSTOMER',
    });
    expect(await provider.getStatus(ref)).toEqual({ status: 'declined' });
  });

  it('the first choice stands: approving after declining, or declining after approving, changes nothing', async () => {
    const declined = await started();
    await declined.provider.decline(declined.ref);
    expect((await declined.provider.approve(declined.ref)).state).toBe('declined');

    const approved = await started();
    await approved.provider.approve(approved.ref);
    expect((await approved.provider.decline(approved.ref)).state).toBe('approved');
  });

  it('capturing before the customer chose answers not approved', async () => {
    const { provider, ref } = await started();

    expect(await provider.capture(captureInput(ref))).toEqual({ status: 'not_approved' });
    expect(await provider.getStatus(ref)).toEqual({ status: 'awaiting_customer' });
  });

  it('capturing again answers the same capture', async () => {
    const { provider, ref } = await started();
    await provider.approve(ref);

    const first = await provider.capture(captureInput(ref, 4250, 'a'));
    const second = await provider.capture(captureInput(ref, 4250, 'b'));

    expect(second).toEqual(first);
  });

  it('two API processes sharing the store capture a payment once when both try at the same moment', async () => {
    const { provider, store, ref } = await started();
    await provider.approve(ref);
    const otherProcess = new DemoPaymentProvider({ store });

    const [a, b] = await Promise.all([
      provider.capture(captureInput(ref)),
      otherProcess.capture(captureInput(ref)),
    ]);

    expect(a.status).toBe('captured');
    expect(b).toEqual(a);
  });

  it('a payment outlives the process that started it, through its store', async () => {
    const { provider, store, ref } = await started();
    await provider.approve(ref);

    const afterRestart = new DemoPaymentProvider({ store });

    expect(await afterRestart.getStatus(ref)).toEqual({ status: 'approved' });
    expect((await afterRestart.capture(captureInput(ref))).status).toBe('captured');
  });

  it('refuses to capture another amount than the one approved, and captures nothing', async () => {
    const { provider, ref } = await started();
    await provider.approve(ref);

    await expect(provider.capture(captureInput(ref, 4000))).rejects.toBeInstanceOf(
      PaymentAmountMismatchError,
    );
    expect(await provider.getStatus(ref)).toEqual({ status: 'approved' });
  });

  it('refunds up to the captured amount; a refund retried with its key is not refunded twice', async () => {
    const { provider, ref } = await started();
    await provider.approve(ref);
    const capture = await provider.capture(captureInput(ref));
    if (capture.status !== 'captured') throw new Error('expected a capture');
    const refund = { captureId: capture.captureId, merchantReference: 'SO-3001' };

    const first = await provider.refund({ ...refund, amountCents: 4000, idempotencyKey: 'r1' });
    const replay = await provider.refund({ ...refund, amountCents: 4000, idempotencyKey: 'r1' });
    const rest = await provider.refund({ ...refund, amountCents: 250, idempotencyKey: 'r2' });

    expect(replay).toEqual(first);
    expect(rest).toMatchObject({ status: 'refunded', amountCents: 250 });
    await expect(provider.refund({ ...refund, amountCents: 1, idempotencyKey: 'r3' })).rejects.toMatchObject({
      kind: 'refund_rejected',
    });
  });

  it('an unknown reference is not found for a capture and expired for a status', async () => {
    const provider = new DemoPaymentProvider({ store: makeStore() });

    await expect(provider.capture(captureInput('demo_nope'))).rejects.toMatchObject({ kind: 'not_found' });
    await expect(provider.approve('demo_nope')).rejects.toMatchObject({ kind: 'not_found' });
    await expect(
      provider.refund({
        captureId: 'democap_nope',
        amountCents: 1,
        merchantReference: 'x',
        idempotencyKey: 'y',
      }),
    ).rejects.toMatchObject({ kind: 'not_found' });
    expect(await provider.getStatus('demo_nope')).toEqual({ status: 'expired' });
  });
});
