import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { errorCatalogue } from '@storefront/contract/errors';
import type { Database } from '../../../db/client.js';
import { ok, refuseUndeclaredInputs, replies } from '../../../lib/reply.js';
import { createResponseSerializerCompiler } from '../../../lib/response-serializer.js';
import errorsPlugin from '../../../plugins/errors.js';
import {
  startPayPalFake,
  type PayPalFake,
  type PayPalPayerOutcome,
} from '../../../../test/fakes/paypal-fake.js';
import { openTestDatabase } from '../../../../test/test-app.js';
import { PayPalProvider } from '../paypal-provider.js';
import type { PaymentSettlements } from './paypal-webhook-events.js';
import { paypalWebhookRoutes } from './paypal-webhook.routes.js';

const URL_PATH = '/api/v1/payment/webhook/paypal';

let fake: PayPalFake;
let database: Database;
const apps: { close(): Promise<unknown> }[] = [];

beforeAll(async () => {
  [fake, database] = await Promise.all([startPayPalFake(), openTestDatabase()]);
});
afterEach(() => fake.clearFaults());
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await Promise.all([fake?.close(), database?.close()]);
});

function paypal(webhookId: string | undefined = fake.webhookId) {
  return new PayPalProvider({
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    apiBase: fake.url,
    timeoutMs: 2_000,
    ...(webhookId ? { webhookId } : {}),
  });
}

function settlements() {
  return {
    captureSettled: vi.fn<PaymentSettlements['captureSettled']>().mockResolvedValue(undefined),
    refundSettled: vi.fn<PaymentSettlements['refundSettled']>().mockResolvedValue(undefined),
  };
}

/** The plugin under /api/v1 as app.ts registers it, beside a route of the app's own that takes JSON. */
async function webhookApp(options: { settle?: PaymentSettlements; provider?: PayPalProvider | null } = {}) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ checkContract: true }));
  await app.register(errorsPlugin);
  await app.register(
    async (api) => {
      api.addHook('onRoute', refuseUndeclaredInputs);
      await api.register(paypalWebhookRoutes, {
        db: database.db,
        paypal: options.provider === undefined ? paypal() : options.provider,
        settle: options.settle ?? settlements(),
        log: { warn: () => undefined },
        now: () => new Date(),
      });
      api
        .withTypeProvider<ZodTypeProvider>()
        .post(
          '/echo',
          { schema: { body: z.object({ n: z.number() }), response: replies(z.object({ n: z.number() })) } },
          async (req) => ok({ n: req.body.n }),
        );
    },
    { prefix: '/api/v1' },
  );
  await app.ready();
  apps.push(app);
  return app;
}

function deliver(
  app: Awaited<ReturnType<typeof webhookApp>>,
  body: string,
  headers = fake.signWebhook(body),
) {
  return app.inject({
    method: 'POST',
    url: URL_PATH,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: body,
  });
}

/** A PayPal order for a store order of its own, approved and captured by the store; answers its ids. */
async function capturedOrder(outcome: PayPalPayerOutcome = 'approve') {
  const provider = paypal();
  const merchantReference = `SO-${Math.floor(Math.random() * 1e9)}`;
  const started = await provider.start({
    merchantReference,
    amountCents: 1999,
    currency: 'AUD',
    customer: { email: 'ana@example.com', firstName: 'Ana', lastName: 'Lee' },
    returnUrl: 'https://shop.example/return',
    cancelUrl: 'https://shop.example/cancel',
    idempotencyKey: randomUUID(),
  });
  fake.approve(started.providerRef, outcome);
  const capture = await provider.capture({
    providerRef: started.providerRef,
    merchantReference,
    amountCents: 1999,
    idempotencyKey: randomUUID(),
  });
  if (capture.status !== 'captured' && capture.status !== 'pending') throw new Error('expected a capture');
  return { orderId: started.providerRef, captureId: capture.captureId, merchantReference, provider };
}

describe('PayPal webhook', () => {
  it('hands a completed capture to the store once, even when PayPal delivers the event twice', async () => {
    const settle = settlements();
    const app = await webhookApp({ settle });
    const { orderId, captureId, merchantReference } = await capturedOrder();
    // Indented and with escaped letters: verified as it arrived, since PayPal signed these bytes.
    const event = fake.captureEvent(captureId, 'PAYMENT.CAPTURE.COMPLETED');

    const first = await deliver(app, event);
    const again = await deliver(app, event);

    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ code: 0, msg: 'ok', data: { handled: true } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ data: { handled: false } });
    expect(settle.captureSettled).toHaveBeenCalledTimes(1);
    expect(settle.captureSettled).toHaveBeenCalledWith({
      providerRef: orderId,
      captureId,
      outcome: 'captured',
      amountCents: 1999,
      invoiceId: merchantReference,
    });
    expect(settle.refundSettled).not.toHaveBeenCalled();
  });

  it('acts on an event once across processes: the handled event is kept in the database, not in memory', async () => {
    const settle = settlements();
    const [one, other] = [await webhookApp({ settle }), await webhookApp({ settle })];
    const { captureId } = await capturedOrder();
    const event = fake.captureEvent(captureId, 'PAYMENT.CAPTURE.COMPLETED');

    expect((await deliver(one, event)).json()).toMatchObject({ data: { handled: true } });
    expect((await deliver(other, event)).json()).toMatchObject({ data: { handled: false } });
    expect(settle.captureSettled).toHaveBeenCalledTimes(1);
  });

  it('refuses a delivery whose signature PayPal does not confirm with 400, and hands nothing on', async () => {
    const settle = settlements();
    const app = await webhookApp({ settle });
    const { captureId } = await capturedOrder();
    const event = fake.captureEvent(captureId, 'PAYMENT.CAPTURE.COMPLETED');
    const headers = fake.signWebhook(event);

    const forged = await deliver(app, event, { ...headers, 'paypal-transmission-sig': 'Zm9yZ2Vk' });
    const altered = await deliver(app, event.replace('"COMPLETED"', '"PENDING"'), headers);
    const unsigned = await deliver(app, event, {} as typeof headers);
    const otherWebhook = await deliver(app, event, fake.signWebhook(event, 'SOMEONE0ELSES0WEBHOOK'));

    for (const res of [forged, altered, unsigned, otherWebhook]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: errorCatalogue.VALIDATION.code });
    }
    expect(settle.captureSettled).not.toHaveBeenCalled();
    // Nothing was recorded for the forged deliveries: the genuine one is still acted on.
    expect((await deliver(app, event)).json()).toMatchObject({ data: { handled: true } });
    expect(settle.captureSettled).toHaveBeenCalledTimes(1);
  });

  it('hands on a capture held for review, then PayPal denying it', async () => {
    const settle = settlements();
    const app = await webhookApp({ settle });
    const { orderId, captureId } = await capturedOrder('capture_pending');

    await deliver(app, fake.captureEvent(captureId, 'PAYMENT.CAPTURE.PENDING'));
    fake.settleCapture(captureId, 'DECLINED');
    await deliver(app, fake.captureEvent(captureId, 'PAYMENT.CAPTURE.DENIED'));

    expect(settle.captureSettled.mock.calls.map(([c]) => [c.providerRef, c.captureId, c.outcome])).toEqual([
      [orderId, captureId, 'pending'],
      [orderId, captureId, 'declined'],
    ]);
  });

  it('hands on a refund PayPal completed and a capture PayPal reversed, naming the capture', async () => {
    const settle = settlements();
    const app = await webhookApp({ settle });
    const { captureId, merchantReference } = await capturedOrder();
    const refundId = fake.refundInDashboard(captureId, 500);

    await deliver(app, fake.refundEvent(refundId, 'PAYMENT.CAPTURE.REFUNDED'));
    await deliver(app, fake.refundEvent(refundId, 'PAYMENT.CAPTURE.REVERSED'));

    expect(settle.refundSettled.mock.calls.map(([r]) => r)).toEqual([
      { captureId, refundId, outcome: 'refunded', amountCents: 500, invoiceId: merchantReference },
      { captureId, refundId, outcome: 'reversed', amountCents: 500, invoiceId: merchantReference },
    ]);
    expect(settle.captureSettled).not.toHaveBeenCalled();
  });

  it('answers 200 to a genuine event the store does not act on, and hands it nowhere', async () => {
    const settle = settlements();
    const app = await webhookApp({ settle });
    const { captureId } = await capturedOrder();
    const event = fake
      .captureEvent(captureId, 'PAYMENT.CAPTURE.COMPLETED')
      .replace('"PAYMENT.CAPTURE.COMPLETED"', '"CHECKOUT.ORDER.APPROVED"');

    const res = await deliver(app, event);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { handled: false } });
    expect(settle.captureSettled).not.toHaveBeenCalled();
    expect(settle.refundSettled).not.toHaveBeenCalled();
  });

  it('answers 500 when the store could not act on an event, so PayPal delivers it again and it is acted on then', async () => {
    const settle = settlements();
    settle.captureSettled.mockRejectedValueOnce(new Error('database away'));
    const app = await webhookApp({ settle });
    const { captureId } = await capturedOrder();
    const event = fake.captureEvent(captureId, 'PAYMENT.CAPTURE.COMPLETED');

    expect((await deliver(app, event)).statusCode).toBe(500);
    const again = await deliver(app, event);

    expect(again.json()).toMatchObject({ data: { handled: true } });
    expect(settle.captureSettled).toHaveBeenCalledTimes(2);
  });

  it('answers 503 while PayPal cannot be asked to verify a delivery, and hands nothing on', async () => {
    const settle = settlements();
    const app = await webhookApp({ settle });
    const { captureId } = await capturedOrder();
    const event = fake.captureEvent(captureId, 'PAYMENT.CAPTURE.COMPLETED');
    fake.injectFault({ kind: 'status', status: 503 }, { pathIncludes: '/verify-webhook-signature' });

    const res = await deliver(app, event);

    expect(res.statusCode).toBe(503);
    expect(settle.captureSettled).not.toHaveBeenCalled();
  });

  it('is not served without a webhook id (PAYPAL_WEBHOOK_ID) or without PayPal', async () => {
    for (const provider of [paypal(''), null]) {
      const app = await webhookApp({ provider });
      const res = await app.inject({ method: 'POST', url: URL_PATH, payload: {} });
      expect(res.statusCode).toBe(404);
    }
  });

  it('leaves the JSON parsing of every other route as it was', async () => {
    const app = await webhookApp();

    const res = await app.inject({ method: 'POST', url: '/api/v1/echo', payload: { n: 7 } });

    expect(res.json()).toEqual({ code: 0, msg: 'ok', data: { n: 7 } });
  });
});
