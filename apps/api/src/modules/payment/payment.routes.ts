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

/**
 * Paying an order: the ways offered, starting at a provider, and the spec's two capture calls (plus the demo
 * provider's). A capture answers with a fresh session token in the Authorization header, as sign-in does.
 */
export const paymentRoutes: FastifyPluginAsyncZod<{ payments: OrderPayments }> = async (
  app,
  { payments },
) => {
  const { open, signedIn } = routeOptions(app, ['payment']);
  const headers = idempotencyHeaders;

  // Public and the same for everyone; browsers may keep it for a few minutes (the provider's limits rarely change).
  app.get('/payment/afterpay-terms', open({}, afterpayTerms), async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return ok(await payments.afterpayTerms());
  });

  app.get('/payment/methods', signedIn({ querystring: paymentMethodsQuery }, paymentMethods), async (req) =>
    ok(await payments.methods(customerIdOf(req), req.query.orderID)),
  );

  app.post('/payment/start', signedIn({ body: paymentStartBody, headers }, paymentStarted), async (req) =>
    ok(
      await payments.start(customerIdOf(req), authOf(req).customer, req.body, req.headers['idempotency-key']),
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
    signedIn({ body: paypalCaptureBody, headers }, paymentCaptured),
    (req, reply) => paypal(req, reply, req.body.orderID, req.body.token),
  );
  app.post(
    '/after-pay/capture',
    signedIn({ body: afterpayCaptureBody, headers }, paymentCaptured),
    (req, reply) => afterpay(req, reply, req.body.orderID, req.body.orderToken),
  );
  app.post(
    '/payment/demo/capture',
    signedIn({ body: demoCaptureBody, headers }, paymentCaptured),
    (req, reply) => demo(req, reply, req.body.orderID, req.body.ref),
  );

  app.get('/payment/demo', signedIn({ querystring: demoPaymentRef }, demoPaymentView), async (req) =>
    ok(await payments.demoPayment(customerIdOf(req), req.query.ref)),
  );

  app.post('/payment/demo/decide', signedIn({ body: demoDecisionBody }, demoDecision), async (req) =>
    ok(await payments.demoDecide(customerIdOf(req), req.body.ref, req.body.decision)),
  );
};
