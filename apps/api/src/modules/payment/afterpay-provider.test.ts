import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAfterpayFake, type AfterpayFake } from '../../../test/fakes/afterpay-fake.js';
import { AfterpayProvider, type AfterpayProviderOptions } from './afterpay-provider.js';
import {
  PaymentAmountMismatchError,
  type PaymentOrderDetails,
  type StartPaymentInput,
} from './payment-provider.js';

let fake: AfterpayFake;

beforeAll(async () => {
  fake = await startAfterpayFake();
});
afterEach(() => {
  fake.clearFaults();
  fake.setLimits('1.00', '2000.00');
  vi.restoreAllMocks();
});
afterAll(() => fake.close());

function makeProvider(overrides: Partial<AfterpayProviderOptions> = {}) {
  return new AfterpayProvider({
    merchantId: fake.merchantId,
    secretKey: fake.secretKey,
    apiBase: fake.url,
    timeoutMs: 2_000,
    merchantUrl: 'https://shop.example',
    ...overrides,
  });
}

/** A provider that has read the merchant's configuration, as the server does at start. */
async function configuredProvider(overrides: Partial<AfterpayProviderOptions> = {}) {
  const provider = makeProvider(overrides);
  await provider.refreshConfiguration();
  return provider;
}

const orderDetails: PaymentOrderDetails = {
  shippingAddress: {
    firstName: 'Ana',
    lastName: 'Lee',
    phone: '0400000000',
    line1: '1 Macquarie St',
    line2: 'Level 2',
    suburb: 'Sydney',
    state: 'NSW',
    postcode: '2000',
    country: 'AU',
  },
  billingAddress: {
    firstName: 'Ana',
    lastName: 'Lee',
    phone: '0411111111',
    line1: '5 George St',
    line2: null,
    suburb: 'Parramatta',
    state: 'NSW',
    postcode: '2150',
    country: 'AU',
  },
  lines: [
    { sku: 'APL-1', name: 'Apples 1kg', price: 450, quantity: 2 },
    { sku: 'TEA-2', name: 'Green tea', price: 1099, quantity: 1 },
  ],
  gstCents: 100,
  shippingCents: 0,
};

function startInput(overrides: Partial<StartPaymentInput> = {}): StartPaymentInput {
  return {
    merchantReference: 'SO-2001',
    amountCents: 1999,
    currency: 'AUD',
    customer: { email: 'ana@example.com', firstName: 'Ana', lastName: 'Lee', phone: '0400 000 000' },
    returnUrl: 'https://shop.example/payment/afterpay/return',
    cancelUrl: 'https://shop.example/payment/afterpay/cancel',
    idempotencyKey: 'start-1',
    ...overrides,
  };
}

function captureInput(token: string, amountCents = 1999) {
  return { providerRef: token, merchantReference: 'SO-2001', amountCents, idempotencyKey: `cap-${token}` };
}

async function capturedPayment(provider: AfterpayProvider) {
  const capture = await provider.capture(captureInput(await confirmedCheckout(provider)));
  if (capture.status !== 'captured') throw new Error('expected a capture');
  return capture;
}

async function confirmedCheckout(provider: AfterpayProvider, outcome: 'approve' | 'decline' = 'approve') {
  const started = await provider.start(startInput());
  fake.confirm(started.providerRef, outcome);
  return started.providerRef;
}

function requestsTo(path: string) {
  return fake.requests.filter((r) => r.path === path);
}

describe('Afterpay provider', () => {
  it('creates a checkout for the amount due with the consumer and the redirect URLs', async () => {
    const started = await (await configuredProvider()).start(startInput());

    expect(started.redirectUrl).toBe(`${fake.url}/checkout/?token=${started.providerRef}`);
    expect(started.expiresAt).toBeInstanceOf(Date);
    expect(requestsTo('/v2/checkouts').at(-1)?.body).toEqual({
      amount: { amount: '19.99', currency: 'AUD' },
      consumer: { email: 'ana@example.com', givenNames: 'Ana', surname: 'Lee', phoneNumber: '0400 000 000' },
      merchant: {
        redirectConfirmUrl: 'https://shop.example/payment/afterpay/return',
        redirectCancelUrl: 'https://shop.example/payment/afterpay/cancel',
      },
      merchantReference: 'SO-2001',
    });
  });

  it('gives a customer with one name as both names, since Afterpay requires a surname', async () => {
    const customer = { email: 'cher@example.com', firstName: 'Cher', lastName: '' };
    await (await configuredProvider()).start(startInput({ customer }));

    expect(requestsTo('/v2/checkouts').at(-1)?.body).toMatchObject({
      consumer: { email: 'cher@example.com', givenNames: 'Cher', surname: 'Cher' },
    });
  });

  it("sends the shopper, both addresses, the items, the GST and the delivery fee for Afterpay's checks", async () => {
    const order = { ...orderDetails, shippingCents: 995 };
    const customer = { email: 'ana@example.com', firstName: 'Ana', lastName: 'Lee' };
    await (await configuredProvider()).start(startInput({ customer, order }));

    expect(requestsTo('/v2/checkouts').at(-1)?.body).toMatchObject({
      consumer: { email: 'ana@example.com', givenNames: 'Ana', surname: 'Lee', phoneNumber: '0411111111' },
      shipping: {
        name: 'Ana Lee',
        line1: '1 Macquarie St',
        line2: 'Level 2',
        area1: 'Sydney',
        region: 'NSW',
        postcode: '2000',
        countryCode: 'AU',
        phoneNumber: '0400000000',
      },
      billing: {
        name: 'Ana Lee',
        line1: '5 George St',
        area1: 'Parramatta',
        region: 'NSW',
        postcode: '2150',
        countryCode: 'AU',
        phoneNumber: '0411111111',
      },
      items: [
        { name: 'Apples 1kg', sku: 'APL-1', quantity: 2, price: { amount: '4.50', currency: 'AUD' } },
        { name: 'Green tea', sku: 'TEA-2', quantity: 1, price: { amount: '10.99', currency: 'AUD' } },
      ],
      taxAmount: { amount: '1.00', currency: 'AUD' },
      shippingAmount: { amount: '9.95', currency: 'AUD' },
    });
    expect(requestsTo('/v2/checkouts').at(-1)?.body).not.toHaveProperty('billing.line2');
  });

  it('leaves the tax amount out for an order that did not record its GST', async () => {
    await (await configuredProvider()).start(startInput({ order: { ...orderDetails, gstCents: null } }));

    expect(requestsTo('/v2/checkouts').at(-1)?.body).not.toHaveProperty('taxAmount');
    expect(requestsTo('/v2/checkouts').at(-1)?.body).toHaveProperty('shippingAmount');
  });

  it("sends the merchant id and secret key as HTTP Basic and a User-Agent in Afterpay's format", async () => {
    await (await configuredProvider()).start(startInput());
    const headers = requestsTo('/v2/checkouts').at(-1)?.headers;

    const expected = `Basic ${Buffer.from(`${fake.merchantId}:${fake.secretKey}`).toString('base64')}`;
    expect(headers?.authorization).toBe(expected);
    expect(headers?.['user-agent']).toBe(
      `StorefrontAfterpay/1.0.0 (Storefront/1.0.0; Node.js/${process.versions.node}; Merchant/100101) https://shop.example`,
    );
  });

  it('reports wrong merchant credentials as a configuration problem, not a customer one', async () => {
    await expect(makeProvider({ secretKey: 'wrong' }).refreshConfiguration()).rejects.toMatchObject({
      kind: 'misconfigured',
      details: { httpStatus: 401, providerCode: 'unauthorized' },
    });
  });

  it("reads the configuration only when the server refreshes it, never on a customer's request", async () => {
    const provider = makeProvider();
    const before = requestsTo('/v2/configuration').length;

    await provider.refreshConfiguration();
    await provider.isEligible(1999, 'AUD');
    await provider.getLimits();
    await provider.start(startInput());
    expect(requestsTo('/v2/configuration').length - before).toBe(1);

    fake.setLimits('1.00', '10.00');
    expect(await provider.isEligible(1999, 'AUD')).toBe(true);
    await provider.refreshConfiguration();
    expect(await provider.isEligible(1999, 'AUD')).toBe(false);
    expect(requestsTo('/v2/configuration').length - before).toBe(2);
  });

  it('says Afterpay is unavailable, without asking it, while its configuration was never read', async () => {
    const provider = makeProvider();
    const before = fake.requests.length;

    expect(await provider.isEligible(1999, 'AUD')).toBe(false);
    await expect(provider.getLimits()).rejects.toMatchObject({ kind: 'not_eligible' });
    await expect(provider.start(startInput())).rejects.toMatchObject({ kind: 'not_eligible' });
    expect(fake.requests.length).toBe(before);
  });

  it('offers Afterpay only for AUD amounts within the merchant limits, both ends included', async () => {
    fake.setLimits('1.00', '2000.00');
    const provider = await configuredProvider();

    expect(await provider.isEligible(99, 'AUD')).toBe(false);
    expect(await provider.isEligible(100, 'AUD')).toBe(true);
    expect(await provider.isEligible(200_000, 'AUD')).toBe(true);
    expect(await provider.isEligible(200_001, 'AUD')).toBe(false);
    expect(await provider.isEligible(0, 'AUD')).toBe(false);
  });

  it('does not offer Afterpay while its configuration could not be read', async () => {
    fake.injectFault({ kind: 'status', status: 500 }, { pathIncludes: '/configuration' });
    const provider = makeProvider();

    await expect(provider.refreshConfiguration()).rejects.toMatchObject({ kind: 'unavailable' });
    expect(await provider.isEligible(1999, 'AUD')).toBe(false);
  });

  it('keeps using the last known limits while the configuration is unavailable', async () => {
    const provider = await configuredProvider();
    fake.injectFault({ kind: 'status', status: 503 }, { pathIncludes: '/configuration' });

    await expect(provider.refreshConfiguration()).rejects.toMatchObject({ kind: 'unavailable' });
    expect(await provider.isEligible(1999, 'AUD')).toBe(true);
  });

  it('refuses to start a checkout outside the limits without asking Afterpay for one', async () => {
    fake.setLimits('50.00', '100.00');
    const provider = await configuredProvider();
    const before = requestsTo('/v2/checkouts').length;

    await expect(provider.start(startInput({ amountCents: 1999 }))).rejects.toMatchObject({
      kind: 'not_eligible',
    });
    expect(requestsTo('/v2/checkouts').length).toBe(before);
  });

  it('maps Afterpay refusing the amount to not eligible when its limits changed since they were read', async () => {
    const provider = await configuredProvider();
    fake.setLimits('50.00', '100.00');

    await expect(provider.start(startInput({ amountCents: 1999 }))).rejects.toMatchObject({
      kind: 'not_eligible',
      details: { providerCode: 'unsupported_payment_type' },
    });
  });

  it('captures a confirmed checkout for the full amount', async () => {
    const provider = await configuredProvider();
    const token = await confirmedCheckout(provider);
    const movedBefore = fake.moneyMovements();

    const result = await provider.capture(captureInput(token));

    expect(result).toEqual({
      status: 'captured',
      captureId: fake.checkout(token)?.paymentId,
      amountCents: 1999,
    });
    expect(requestsTo('/v2/payments/capture').at(-1)?.body).toEqual({ token, merchantReference: 'SO-2001' });
    expect(fake.moneyMovements() - movedBefore).toBe(1);
  });

  it('capturing the same token again answers the existing payment without charging twice', async () => {
    const provider = await configuredProvider();
    const token = await confirmedCheckout(provider);
    const first = await provider.capture(captureInput(token));
    const movedBefore = fake.moneyMovements();

    const again = await provider.capture({ ...captureInput(token), idempotencyKey: 'another-key' });

    expect(again).toEqual(first);
    expect(fake.moneyMovements()).toBe(movedBefore);
  });

  it('a checkout Afterpay declines is a decline', async () => {
    const provider = await configuredProvider();
    const token = await confirmedCheckout(provider, 'decline');

    expect(await provider.capture(captureInput(token))).toEqual({
      status: 'declined',
      reason: 'CAPTURE_DECLINED',
    });
    expect(await provider.getStatus(token)).toEqual({ status: 'declined' });
  });

  it('capturing before the consumer confirmed answers not approved', async () => {
    const provider = await configuredProvider();
    const started = await provider.start(startInput());

    expect(await provider.capture(captureInput(started.providerRef))).toEqual({ status: 'not_approved' });
  });

  it('capturing an unknown or expired token is not found', async () => {
    await expect(makeProvider().capture(captureInput('002.nosuchtoken'))).rejects.toMatchObject({
      kind: 'not_found',
      details: { providerCode: 'invalid_token' },
    });
  });

  it('a payment of another amount than the store expects is an amount mismatch that names the payment', async () => {
    const provider = await configuredProvider();
    const token = await confirmedCheckout(provider);

    const error = await provider.capture(captureInput(token, 1000)).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(PaymentAmountMismatchError);
    expect(error).toMatchObject({
      expectedCents: 1000,
      actualCents: 1999,
      captureId: fake.checkout(token)?.paymentId,
    });
  });

  it('waits for a capture past PAYMENT_TIMEOUT_MS, as Afterpay documents it may take up to 70 s', async () => {
    const provider = await configuredProvider({ timeoutMs: 100 });
    const token = await confirmedCheckout(provider);
    const answered = new Promise<void>((resolve) => setTimeout(resolve, 400));
    fake.injectFault({ kind: 'held', until: answered }, { pathIncludes: '/capture' });

    expect(await provider.capture(captureInput(token))).toMatchObject({ status: 'captured' });
  });

  it('gives capture and refund 70 s to answer and every other call PAYMENT_TIMEOUT_MS', async () => {
    const provider = await configuredProvider({ timeoutMs: 1_500 });
    const token = await confirmedCheckout(provider);
    const timeouts = vi.spyOn(AbortSignal, 'timeout');

    const capture = await provider.capture(captureInput(token));
    if (capture.status !== 'captured') throw new Error('expected a capture');
    expect(timeouts.mock.calls).toEqual([[70_000]]);
    await provider.refund({
      captureId: capture.captureId,
      amountCents: 100,
      merchantReference: 'SO-2001',
      idempotencyKey: 'timeout-1',
    });
    await provider.getStatus(token);
    await provider.refreshConfiguration();

    expect(timeouts.mock.calls).toEqual([[70_000], [70_000], [1_500], [1_500]]);
  });

  it('gives each refund of a payment a merchant reference of its own, the same again on a retry', async () => {
    const provider = await configuredProvider();
    const capture = await capturedPayment(provider);
    const refund = { captureId: capture.captureId, amountCents: 300, merchantReference: 'SO-2001' };

    await provider.refund({ ...refund, idempotencyKey: 'refund-a-0' });
    await provider.refund({ ...refund, idempotencyKey: 'refund-a-0' });
    await provider.refund({ ...refund, idempotencyKey: 'refund-a-300' });

    const sent = requestsTo(`/v2/payments/${capture.captureId}/refund`).map((r) => r.body);
    const references = sent.map((body) => (body as { merchantReference: string }).merchantReference);
    expect(references[0]).toMatch(/^SO-2001-R[0-9a-f]{12}$/);
    expect(references[1]).toBe(references[0]);
    expect(references[2]).toMatch(/^SO-2001-R[0-9a-f]{12}$/);
    expect(references[2]).not.toBe(references[0]);
  });

  it('refunds with a request id; the same request id replays the first refund', async () => {
    const provider = await configuredProvider();
    const capture = await provider.capture(captureInput(await confirmedCheckout(provider)));
    if (capture.status !== 'captured') throw new Error('expected a capture');
    const input = {
      captureId: capture.captureId,
      amountCents: 500,
      merchantReference: 'SO-2001',
      idempotencyKey: 'rf-1',
    };
    const movedBefore = fake.moneyMovements();

    const first = await provider.refund(input);
    const replayed = await provider.refund(input);

    expect(first).toMatchObject({ status: 'refunded', amountCents: 500 });
    expect(replayed.refundId).toBe(first.refundId);
    expect(fake.moneyMovements() - movedBefore).toBe(1);
    expect(fake.requests.at(-1)?.path).toBe(`/v2/payments/${capture.captureId}/refund`);
    expect(fake.requests.at(-1)?.body).toEqual({
      requestId: 'rf-1',
      amount: { amount: '5.00', currency: 'AUD' },
      merchantReference: expect.stringMatching(/^SO-2001-R[0-9a-f]{12}$/),
    });
  });

  it('refuses a refund beyond what is left of the payment', async () => {
    const provider = await configuredProvider();
    const capture = await provider.capture(captureInput(await confirmedCheckout(provider)));
    if (capture.status !== 'captured') throw new Error('expected a capture');
    const input = { captureId: capture.captureId, merchantReference: 'SO-2001' };
    await provider.refund({ ...input, amountCents: 1500, idempotencyKey: 'a' });

    await expect(provider.refund({ ...input, amountCents: 500, idempotencyKey: 'b' })).rejects.toMatchObject({
      kind: 'refund_rejected',
      details: { providerCode: 'invalid_amount' },
    });
  });

  it('looks the payment up by its checkout token', async () => {
    const provider = await configuredProvider();
    const token = await confirmedCheckout(provider);
    expect(await provider.getStatus(token)).toEqual({ status: 'awaiting_customer' });

    const capture = await provider.capture(captureInput(token));

    expect(await provider.getStatus(token)).toEqual(capture);
    expect(fake.requests.at(-1)?.path).toBe(`/v2/payments/token:${token}`);
  });

  it('treats a 5xx answer as Afterpay being unavailable', async () => {
    const provider = await configuredProvider();
    const token = await confirmedCheckout(provider);
    fake.injectFault({ kind: 'status', status: 502 }, { pathIncludes: '/capture' });

    await expect(provider.capture(captureInput(token))).rejects.toMatchObject({
      kind: 'unavailable',
      details: { httpStatus: 502 },
    });
  });

  it('treats a request still in progress at Afterpay (409) as unavailable, to be retried', async () => {
    const provider = await configuredProvider();
    const capture = await provider.capture(captureInput(await confirmedCheckout(provider)));
    if (capture.status !== 'captured') throw new Error('expected a capture');
    fake.injectFault(
      { kind: 'status', status: 409, body: { errorCode: 'conflict' } },
      { pathIncludes: '/refund' },
    );

    await expect(
      provider.refund({
        captureId: capture.captureId,
        amountCents: 100,
        merchantReference: 'SO-2001',
        idempotencyKey: 'c',
      }),
    ).rejects.toMatchObject({ kind: 'unavailable', details: { httpStatus: 409 } });
  });

  it('gives up when Afterpay does not answer within the timeout', async () => {
    const provider = await configuredProvider({ timeoutMs: 200 });
    const token = await confirmedCheckout(provider);
    fake.injectFault({ kind: 'hang' }, { pathIncludes: '/v2/payments/token:' });
    // The fake never answers: only the provider's own timeout can end the call.
    await expect(provider.getStatus(token)).rejects.toMatchObject({ kind: 'timeout' });
  });
});
