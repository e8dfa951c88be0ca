import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startPayPalFake,
  type PayPalFake,
  type PayPalPayerOutcome,
} from '../../../test/fakes/paypal-fake.js';
import { PaymentAmountMismatchError, type StartPaymentInput } from './payment-provider.js';
import { PayPalProvider, type PayPalProviderOptions } from './paypal-provider.js';

let fake: PayPalFake;

beforeAll(async () => {
  fake = await startPayPalFake();
});
afterEach(() => fake.clearFaults());
afterAll(() => fake.close());

function makeProvider(overrides: Partial<PayPalProviderOptions> = {}) {
  return new PayPalProvider({
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    apiBase: fake.url,
    timeoutMs: 2_000,
    ...overrides,
  });
}

let nextOrderId = 1001;

/** A start for another store order each time: PayPal takes one payment per order reference (its invoice id). */
function startInput(overrides: Partial<StartPaymentInput> = {}): StartPaymentInput {
  return {
    merchantReference: `SO-${nextOrderId++}`,
    amountCents: 1999,
    currency: 'AUD',
    customer: { email: 'ana@example.com', firstName: 'Ana', lastName: 'Lee' },
    returnUrl: 'https://shop.example/payment/paypal/return',
    cancelUrl: 'https://shop.example/payment/paypal/cancel',
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}

async function approvedOrder(
  provider: PayPalProvider,
  outcome: PayPalPayerOutcome = 'approve',
  amountCents = 1999,
) {
  const started = await provider.start(startInput({ amountCents }));
  fake.approve(started.providerRef, outcome);
  return started.providerRef;
}

function captureInput(providerRef: string, amountCents = 1999) {
  return { providerRef, merchantReference: 'SO-1001', amountCents, idempotencyKey: randomUUID() };
}

function requestsTo(path: string) {
  return fake.requests.filter((r) => r.path === path);
}

describe('PayPal provider', () => {
  it('creates an AUD order with intent CAPTURE for the amount due and sends the customer to approve it', async () => {
    const started = await makeProvider().start(
      startInput({ amountCents: 1999, merchantReference: 'SO-1001' }),
    );

    expect(started.redirectUrl).toBe(`${fake.url}/checkoutnow?token=${started.providerRef}`);
    expect(fake.order(started.providerRef)).toMatchObject({ amountCents: 1999, currency: 'AUD' });
    const sent = requestsTo('/v2/checkout/orders').at(-1)?.body;
    expect(sent).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ reference_id: 'SO-1001', amount: { currency_code: 'AUD', value: '19.99' } }],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: 'https://shop.example/payment/paypal/return',
            cancel_url: 'https://shop.example/payment/paypal/cancel',
          },
        },
      },
    });
  });

  it("sends the order reference as the purchase unit's invoice id, for PayPal's duplicate-invoice guard", async () => {
    const started = await makeProvider().start(startInput({ merchantReference: 'SO-4242' }));

    expect(requestsTo('/v2/checkout/orders').at(-1)?.body).toMatchObject({
      purchase_units: [{ reference_id: 'SO-4242', invoice_id: 'SO-4242' }],
    });
    expect(fake.order(started.providerRef)?.invoiceId).toBe('SO-4242');
  });

  it('a second PayPal order of a store order already paid is refused by that guard and takes no money', async () => {
    const provider = makeProvider();
    const merchantReference = `SO-${nextOrderId++}`;
    const first = await provider.start(startInput({ merchantReference }));
    const second = await provider.start(startInput({ merchantReference }));
    fake.approve(first.providerRef);
    fake.approve(second.providerRef);
    await provider.capture(captureInput(first.providerRef));
    const movedBefore = fake.moneyMovements();

    await expect(provider.capture(captureInput(second.providerRef))).rejects.toMatchObject({
      kind: 'rejected',
      details: { providerCode: 'DUPLICATE_INVOICE_ID' },
    });
    expect(fake.moneyMovements()).toBe(movedBefore);
  });

  it('asks for an access token with the client credentials once and reuses it', async () => {
    const before = requestsTo('/v1/oauth2/token').length;
    const provider = makeProvider();
    const ref = await approvedOrder(provider);
    await provider.getStatus(ref);
    await provider.capture(captureInput(ref));

    expect(requestsTo('/v1/oauth2/token').length - before).toBe(1);
    expect(fake.requests.at(-1)?.headers.authorization).toMatch(/^Bearer A21AA/);
  });

  it('renews an access token PayPal revoked and carries on', async () => {
    const provider = makeProvider();
    const ref = await approvedOrder(provider);
    const before = requestsTo('/v1/oauth2/token').length;
    fake.revokeTokens();

    expect(await provider.getStatus(ref)).toEqual({ status: 'approved' });
    expect(requestsTo('/v1/oauth2/token').length - before).toBe(1);
  });

  it('reports wrong client credentials as a configuration problem, not a customer one', async () => {
    const provider = makeProvider({ clientSecret: 'wrong' });
    const before = requestsTo('/v2/checkout/orders').length;

    await expect(provider.start(startInput())).rejects.toMatchObject({ kind: 'misconfigured' });
    expect(requestsTo('/v2/checkout/orders').length).toBe(before);
  });

  it('a start retried with the same idempotency key answers the same order', async () => {
    const provider = makeProvider();
    const input = startInput();

    const first = await provider.start(input);
    const second = await provider.start(input);

    expect(second.providerRef).toBe(first.providerRef);
    expect(requestsTo('/v2/checkout/orders').at(-1)?.headers['paypal-request-id']).toBe(input.idempotencyKey);
  });

  it('captures an approved order with the idempotency key as PayPal-Request-Id', async () => {
    const provider = makeProvider();
    const ref = await approvedOrder(provider);
    const movedBefore = fake.moneyMovements();
    const input = captureInput(ref);

    const result = await provider.capture(input);

    expect(result).toEqual({ status: 'captured', captureId: fake.order(ref)?.captureId, amountCents: 1999 });
    expect(fake.requests.at(-1)?.headers['paypal-request-id']).toBe(input.idempotencyKey);
    expect(fake.moneyMovements() - movedBefore).toBe(1);
  });

  it('a capture retried with the same request id replays the first answer and moves money once', async () => {
    const provider = makeProvider();
    const ref = await approvedOrder(provider);
    const movedBefore = fake.moneyMovements();
    const input = captureInput(ref);

    const first = await provider.capture(input);
    const second = await provider.capture(input);

    expect(second).toEqual(first);
    expect(fake.moneyMovements() - movedBefore).toBe(1);
  });

  it('capturing an order already captured answers the existing capture', async () => {
    const provider = makeProvider();
    const ref = await approvedOrder(provider);
    const first = await provider.capture(captureInput(ref));
    const movedBefore = fake.moneyMovements();

    const again = await provider.capture(captureInput(ref));

    expect(again).toEqual(first);
    expect(again.status).toBe('captured');
    expect(fake.moneyMovements()).toBe(movedBefore);
  });

  it('a declined instrument is a decline with the link where the payer can choose another way to pay', async () => {
    const provider = makeProvider();
    const ref = await approvedOrder(provider, 'instrument_declined');

    expect(await provider.capture(captureInput(ref))).toEqual({
      status: 'declined',
      reason: 'INSTRUMENT_DECLINED',
      redirectUrl: `${fake.url}/checkoutnow?token=${ref}`,
    });
  });

  it('a capture PayPal declines is a decline', async () => {
    const provider = makeProvider();
    const ref = await approvedOrder(provider, 'capture_declined');

    expect(await provider.capture(captureInput(ref))).toEqual({ status: 'declined', reason: 'DECLINED' });
    expect(await provider.getStatus(ref)).toEqual({ status: 'declined' });
  });

  it('a capture PayPal holds for review is pending with its capture id', async () => {
    const provider = makeProvider();
    const ref = await approvedOrder(provider, 'capture_pending');

    const result = await provider.capture(captureInput(ref));

    expect(result).toMatchObject({ status: 'pending', amountCents: 1999 });
    expect(result).toHaveProperty('captureId', fake.order(ref)?.captureId);
  });

  it('capturing before the payer approved answers not approved', async () => {
    const provider = makeProvider();
    const started = await provider.start(startInput());

    expect(await provider.capture(captureInput(started.providerRef))).toEqual({ status: 'not_approved' });
  });

  it('capturing an order PayPal does not know is not found', async () => {
    await expect(makeProvider().capture(captureInput('NOSUCHORDER0000'))).rejects.toMatchObject({
      kind: 'not_found',
      details: { httpStatus: 404 },
    });
  });

  it('a capture of another amount than the store expects is an amount mismatch that names the capture', async () => {
    const provider = makeProvider();
    const ref = await approvedOrder(provider, 'approve', 1999);

    const error = await provider.capture(captureInput(ref, 2000)).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(PaymentAmountMismatchError);
    expect(error).toMatchObject({
      kind: 'amount_mismatch',
      expectedCents: 2000,
      actualCents: 1999,
      captureId: fake.order(ref)?.captureId,
    });
  });

  it('refunds part of a capture and then the rest; a retried refund replays instead of refunding twice', async () => {
    const provider = makeProvider();
    const ref = await approvedOrder(provider);
    const capture = await provider.capture(captureInput(ref));
    if (capture.status !== 'captured') throw new Error('expected a capture');
    const first = {
      captureId: capture.captureId,
      amountCents: 500,
      merchantReference: 'SO-1001',
      idempotencyKey: 'r1',
    };
    const movedBefore = fake.moneyMovements();

    const partial = await provider.refund(first);
    const replayed = await provider.refund(first);
    const rest = await provider.refund({ ...first, amountCents: 1499, idempotencyKey: 'r2' });

    expect(partial).toMatchObject({ status: 'refunded', amountCents: 500 });
    expect(replayed.refundId).toBe(partial.refundId);
    expect(rest).toMatchObject({ status: 'refunded', amountCents: 1499 });
    expect(fake.moneyMovements() - movedBefore).toBe(2);
    const sent = fake.requests.at(-1);
    expect(sent?.path).toBe(`/v2/payments/captures/${capture.captureId}/refund`);
    expect(sent?.body).toMatchObject({ amount: { currency_code: 'AUD', value: '14.99' } });
    await expect(provider.refund({ ...first, amountCents: 1, idempotencyKey: 'r3' })).rejects.toMatchObject({
      kind: 'refund_rejected',
      details: { providerCode: 'CAPTURE_FULLY_REFUNDED' },
    });
  });

  it('refuses a refund larger than the capture', async () => {
    const provider = makeProvider();
    const capture = await provider.capture(captureInput(await approvedOrder(provider)));
    if (capture.status !== 'captured') throw new Error('expected a capture');

    await expect(
      provider.refund({
        captureId: capture.captureId,
        amountCents: 2000,
        merchantReference: 'SO-1001',
        idempotencyKey: 'x',
      }),
    ).rejects.toMatchObject({ kind: 'refund_rejected', details: { providerCode: 'REFUND_AMOUNT_EXCEEDED' } });
  });

  it('reports the order status at PayPal from start to capture', async () => {
    const provider = makeProvider();
    const started = await provider.start(startInput());
    expect(await provider.getStatus(started.providerRef)).toEqual({ status: 'awaiting_customer' });

    fake.approve(started.providerRef);
    expect(await provider.getStatus(started.providerRef)).toEqual({ status: 'approved' });

    await provider.capture(captureInput(started.providerRef));
    expect(await provider.getStatus(started.providerRef)).toEqual({
      status: 'captured',
      captureId: fake.order(started.providerRef)?.captureId,
      amountCents: 1999,
    });
    expect(await provider.getStatus('GONE0000000000000')).toEqual({ status: 'expired' });
  });

  it('treats a 5xx answer as PayPal being unavailable', async () => {
    const provider = makeProvider();
    const ref = await approvedOrder(provider);
    fake.injectFault({ kind: 'status', status: 503 }, { pathIncludes: '/capture' });

    await expect(provider.capture(captureInput(ref))).rejects.toMatchObject({
      kind: 'unavailable',
      details: { httpStatus: 503 },
    });
  });

  it('treats a dropped connection as PayPal being unavailable', async () => {
    const provider = makeProvider();
    await provider.getStatus('WARMUP00000000000');
    fake.injectFault({ kind: 'reset' }, { pathIncludes: '/v2/' });

    await expect(provider.start(startInput())).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('gives up when PayPal does not answer within the timeout', async () => {
    const provider = makeProvider({ timeoutMs: 200 });
    const ref = await approvedOrder(provider);
    fake.injectFault({ kind: 'hang' }, { pathIncludes: '/capture' });
    // The fake never answers: only the provider's own timeout can end the call.
    await expect(provider.capture(captureInput(ref))).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('gives up when the token endpoint does not answer within the timeout', async () => {
    const provider = makeProvider({ timeoutMs: 200 });
    fake.injectFault({ kind: 'hang' }, { pathIncludes: '/oauth2/token' });

    await expect(provider.start(startInput())).rejects.toMatchObject({ kind: 'timeout' });
  });
});

describe('PayPal webhook signatures', () => {
  async function someEvent() {
    const provider = makeProvider();
    const ref = await approvedOrder(provider);
    const capture = await provider.capture(captureInput(ref));
    if (capture.status !== 'captured') throw new Error('expected a capture');
    return fake.captureEvent(capture.captureId, 'PAYMENT.CAPTURE.COMPLETED');
  }

  const verifier = () => makeProvider({ webhookId: fake.webhookId });

  it('a delivery PayPal signed for the webhook is genuine, checked with the body exactly as it arrived', async () => {
    const rawBody = await someEvent();

    expect(await verifier().verifyWebhook({ headers: fake.signWebhook(rawBody), rawBody })).toBe(true);
    const sent = requestsTo('/v1/notifications/verify-webhook-signature').at(-1);
    expect(sent?.rawBody.endsWith(`"webhook_event":${rawBody}}`)).toBe(true);
    expect(sent?.body).toMatchObject({ webhook_id: fake.webhookId, auth_algo: 'SHA256withRSA' });
  });

  it('an altered body, a signature for another webhook or a forged signature is not genuine', async () => {
    const rawBody = await someEvent();
    const headers = fake.signWebhook(rawBody);

    const altered = rawBody.replace('"COMPLETED"', '"DECLINED"');
    expect(await verifier().verifyWebhook({ headers, rawBody: altered })).toBe(false);
    expect(
      await verifier().verifyWebhook({ headers: fake.signWebhook(rawBody, 'OTHER0WEBHOOK'), rawBody }),
    ).toBe(false);
    const forged = { ...headers, 'paypal-transmission-sig': 'Zm9yZ2Vk' };
    expect(await verifier().verifyWebhook({ headers: forged, rawBody })).toBe(false);
  });

  it('a delivery without its signature headers is not genuine, and PayPal is not asked', async () => {
    const before = requestsTo('/v1/notifications/verify-webhook-signature').length;

    expect(await verifier().verifyWebhook({ headers: {}, rawBody: '{}' })).toBe(false);
    expect(requestsTo('/v1/notifications/verify-webhook-signature').length).toBe(before);
  });

  it('cannot verify without the webhook id, which is a configuration problem', async () => {
    await expect(makeProvider().verifyWebhook({ headers: {}, rawBody: '{}' })).rejects.toMatchObject({
      kind: 'misconfigured',
    });
  });
});
