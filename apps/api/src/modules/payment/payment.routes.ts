import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  afterpayCaptureBody,
  afterpayTerms,
  demoCaptureBody,
  demoDecision,
  demoDecisionBody,
  demoPaymentRef,
  demoPaymentView,
  idempotencyHeaders,
  paymentCaptured,
  paymentMethods,
  paymentMethodsQuery,
  paymentStartBody,
  paymentStarted,
  paypalCaptureBody,
  type PaymentProvider as ProviderName,
} from '@storefront/contract/payment';
import { authOf, customerIdOf, sendToken } from '../../plugins/auth.js';
import { ok, routeOptions } from '../../lib/reply.js';
import type { OrderPayments } from '../order/order-payment.service.js';

/** Each route as the OpenAPI document describes it: its operationId and what it does (lib/reply.ts). */
const routeDocs = {
  getAfterpayTerms:
    'Afterpay order limits for the store, for "4 payments of $X" on product and cart pages; not available when Afterpay is not configured or cannot be reached. Public, and cacheable for five minutes.',
  listPaymentMethods:
    "The ways an order awaiting payment can be paid, the amount due and when it must be paid by. Refused for an order that is not the customer's, is not awaiting payment, or is past its time to pay.",
  startPayment:
    "Starts a payment with a provider for an order awaiting payment and answers the provider's page to send the customer to. Refused as listPaymentMethods is, and while an earlier capture is still unconfirmed.",
  capturePayPalPayment:
    'Captures an approved PayPal payment when the customer returns, paying the order, and sends a fresh session token. Refused when it was declined, expired, not approved or is still unconfirmed; an Idempotency-Key replays the first answer.',
  captureAfterpayPayment:
    "Captures an approved Afterpay payment when the customer returns, with capturePayPalPayment's answers and refusals.",
  captureDemoPayment:
    "Captures a payment with the demo provider (stores without a real one), with capturePayPalPayment's answers and refusals.",
  getDemoPayment:
    "The demo provider's page: the payment's order and amount. Refused when the demo provider is off or the payment is not the customer's.",
  decideDemoPayment:
    "Approves or declines a demo payment, as a real provider's page would, and answers where to return to.",
};

/**
 * Paying an order: the ways offered, starting at a provider, and the spec's two capture calls (plus the demo
 * provider's). A capture answers with a fresh session token in the Authorization header, as sign-in does.
 */
export const paymentRoutes: FastifyPluginAsyncZod<{ payments: OrderPayments }> = async (
  app,
  { payments },
) => {
  const { open, signedIn } = routeOptions(app, ['payment'], routeDocs);
  const headers = idempotencyHeaders;

  // Public and the same for everyone; browsers may keep it for a few minutes (the provider's limits rarely change).
  app.get('/payment/afterpay-terms', open('getAfterpayTerms', {}, afterpayTerms), async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return ok(await payments.afterpayTerms());
  });

  app.get(
    '/payment/methods',
    signedIn('listPaymentMethods', { querystring: paymentMethodsQuery }, paymentMethods),
    async (req) => ok(await payments.methods(customerIdOf(req), req.query.orderID)),
  );

  app.post(
    '/payment/start',
    signedIn('startPayment', { body: paymentStartBody, headers }, paymentStarted),
    async (req) =>
      ok(
        await payments.start(
          customerIdOf(req),
          authOf(req).customer,
          req.body,
          req.headers['idempotency-key'],
        ),
      ),
  );

  /** A capture, with the key's first answer kept, and a fresh session token in the Authorization header. */
  const capture =
    (provider: ProviderName, route: string) =>
    async (
      req: FastifyRequest & { headers: { 'idempotency-key'?: string } },
      reply: FastifyReply,
      orderID: number,
      ref: string,
    ) => {
      const customerId = customerIdOf(req);
      const key = { route, key: req.headers['idempotency-key'], body: req.body };
      const answer = await payments.capture(customerId, provider, orderID, ref, key);
      // In place of the caller's session, not beside it: a capture never leaves a second live session behind.
      sendToken(reply, await payments.freshToken({ sessionId: authOf(req).sessionId, customerId }));
      return ok(answer);
    };
  const paypal = capture('paypal', 'paypal/express-capture');
  const afterpay = capture('afterpay', 'after-pay/capture');
  const demo = capture('demo', 'payment/demo/capture');

  app.post(
    '/paypal/express-capture',
    signedIn('capturePayPalPayment', { body: paypalCaptureBody, headers }, paymentCaptured),
    (req, reply) => paypal(req, reply, req.body.orderID, req.body.token),
  );
  app.post(
    '/after-pay/capture',
    signedIn('captureAfterpayPayment', { body: afterpayCaptureBody, headers }, paymentCaptured),
    (req, reply) => afterpay(req, reply, req.body.orderID, req.body.orderToken),
  );
  app.post(
    '/payment/demo/capture',
    signedIn('captureDemoPayment', { body: demoCaptureBody, headers }, paymentCaptured),
    (req, reply) => demo(req, reply, req.body.orderID, req.body.ref),
  );

  app.get(
    '/payment/demo',
    signedIn('getDemoPayment', { querystring: demoPaymentRef }, demoPaymentView),
    async (req) => ok(await payments.demoPayment(customerIdOf(req), req.query.ref)),
  );

  app.post(
    '/payment/demo/decide',
    signedIn('decideDemoPayment', { body: demoDecisionBody }, demoDecision),
    async (req) => ok(await payments.demoDecide(customerIdOf(req), req.body.ref, req.body.decision)),
  );
};
