import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import { ok, replies } from '../../../lib/reply.js';
import type { WarnLog } from '../../../lib/warn-log.js';
import type { PayPalProvider } from '../paypal-provider.js';
import { readPayPalEvent, type PaymentSettlements } from './paypal-webhook-events.js';
import { claimWebhookEvent, releaseWebhookEvent } from './webhook-events.repo.js';

export type PayPalWebhookOptions = {
  db: Db;
  /** The store's PayPal account; the route is served only when it has a webhook id (PAYPAL_WEBHOOK_ID). */
  paypal: Pick<PayPalProvider, 'hasWebhook' | 'verifyWebhook'> | null | undefined;
  settle: PaymentSettlements;
  log: WarnLog;
  now: () => Date;
};

/** The event as PayPal sent it: its signature covers these bytes, so it is read as text, not parsed JSON. */
const rawEvent = z
  .string()
  .min(2, { error: 'must be the event PayPal sent' })
  .max(64 * 1024);
/** `handled`: this delivery was acted on; false for an event the store ignores or had already handled. */
const webhookAnswer = z.object({ handled: z.boolean() });

/**
 * PayPal's webhook: a capture or refund it settles later (under review, a pending refund) reaches the store within
 * seconds instead of at the next round. Each delivery is verified with PayPal, and each event acted on once across
 * every process (its id is claimed in the database); 200 tells PayPal to stop delivering it, anything else has it
 * deliver the event again later.
 */
export const paypalWebhookRoutes: FastifyPluginAsyncZod<PayPalWebhookOptions> = async (app, options) => {
  const { paypal, db, settle, log, now } = options;
  if (!paypal?.hasWebhook) return;

  // Only in this plugin's scope: every other route keeps the app's JSON parser.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    done(null, body);
  });

  app.post(
    '/payment/webhook/paypal',
    {
      schema: {
        operationId: 'receivePayPalWebhook',
        description:
          "PayPal's webhook: a capture or refund it settled later reaches the store within seconds. Each delivery is verified with PayPal and acted on once; refused (400) when its signature is not PayPal's, and answered 200 for events the store ignores or has handled.",
        tags: ['payment'],
        body: rawEvent,
        response: replies(webhookAnswer),
      },
    },
    async (req) => {
      const rawBody = req.body;
      const isGenuine = await paypal
        .verifyWebhook({ headers: req.headers, rawBody })
        .catch((err: unknown) => {
          log.warn({ err }, 'a PayPal webhook delivery could not be verified with PayPal');
          throw new AppError('UNAVAILABLE');
        });
      if (!isGenuine) throw new AppError('VALIDATION', 'The webhook signature is not valid.');

      const event = readPayPalEvent(rawBody);
      if (!event?.settlement) {
        if (!event) log.warn({}, 'a verified PayPal webhook delivery is not an event');
        return ok({ handled: false });
      }
      const key = { provider: 'paypal' as const, eventId: event.id };
      if (!(await claimWebhookEvent(db, { ...key, eventType: event.type }, now())))
        return ok({ handled: false });
      try {
        if (event.settlement.kind === 'capture') await settle.captureSettled(event.settlement.capture);
        else await settle.refundSettled(event.settlement.refund);
      } catch (err) {
        // Not acted on: PayPal delivers it again, and the payment rounds remain behind it.
        await releaseWebhookEvent(db, key);
        throw err;
      }
      return ok({ handled: true });
    },
  );
};
