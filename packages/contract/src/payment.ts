import { z } from 'zod';
import { id, idParam, isoDateTime, text } from './common.js';
import { AFTERPAY_INSTALMENTS } from './afterpay.js';

export const paymentProviders = ['paypal', 'afterpay', 'demo'] as const;
export const paymentProvider = z.enum(paymentProviders);
export type PaymentProvider = z.infer<typeof paymentProvider>;

/** Stripe's contract: a client-chosen key, bounded, that makes a retried write safe. */
export const IDEMPOTENCY_KEY_MAX = 255;
export const idempotencyHeaders = z.object({
  'idempotency-key': text(IDEMPOTENCY_KEY_MAX).min(1).optional(),
});

export const paymentMethodsQuery = z.strictObject({ orderID: idParam });

/** A way to pay the order's amount due, as the checkout offers it. */
export const paymentMethod = z.object({
  provider: paymentProvider,
  isEligible: z.boolean(),
  /**
   * Afterpay's instalment, in cents: the amount due / 4 rounded down; the first instalment takes the cents left over
   * (`afterpayInstalments`). null for the others.
   */
  instalmentCents: z.number().int().min(0).max(100_000_000).nullable(),
});
export const paymentMethods = z.object({
  amountDue: z.number().int().min(0).max(100_000_000),
  methods: z.array(paymentMethod).max(paymentProviders.length),
  /** When the order is cancelled unless paid by then (`payBy` of the order's detail). */
  payBy: isoDateTime,
});
export type PaymentMethods = z.infer<typeof paymentMethods>;

/**
 * Afterpay's order limits for the merchant, public so product and cart pages can show "4 payments of $X" for
 * amounts within them. `available` is false when Afterpay is not configured or cannot be reached.
 */
export const afterpayTerms = z.object({
  available: z.boolean(),
  minimumCents: z.number().int().min(0).max(100_000_000).nullable(),
  maximumCents: z.number().int().min(0).max(100_000_000).nullable(),
  instalments: z.literal(AFTERPAY_INSTALMENTS),
});
export type AfterpayTerms = z.infer<typeof afterpayTerms>;

export const paymentStartBody = z.strictObject({ orderID: id, provider: paymentProvider });
export type PaymentStartBody = z.infer<typeof paymentStartBody>;
export const paymentStarted = z.object({ redirectUrl: z.string().max(2048) });
export type PaymentStarted = z.infer<typeof paymentStarted>;

/** PayPal returns with `token` (its order id); Afterpay with `orderToken`; the demo with `ref`. */
export const paypalCaptureBody = z.strictObject({ orderID: id, token: text(64).min(1) });
export const afterpayCaptureBody = z.strictObject({ orderID: id, orderToken: text(128).min(1) });
export const demoCaptureBody = z.strictObject({ orderID: id, ref: text(64).min(1) });
export type PaypalCaptureBody = z.infer<typeof paypalCaptureBody>;
export type AfterpayCaptureBody = z.infer<typeof afterpayCaptureBody>;
export type DemoCaptureBody = z.infer<typeof demoCaptureBody>;

export const paymentCaptured = z.object({
  orderID: z.number().int(),
  status: z.enum(['paid']),
  amountCents: z.number().int().min(0).max(100_000_000),
});
export type PaymentCaptured = z.infer<typeof paymentCaptured>;

export const demoPaymentRef = z.strictObject({ ref: text(64).min(1) });
export const demoPaymentView = z.object({
  ref: z.string().max(64),
  orderID: z.number().int(),
  amountCents: z.number().int().min(0).max(100_000_000),
  state: z.enum(['awaiting_customer', 'approved', 'declined', 'captured']),
});
export type DemoPaymentView = z.infer<typeof demoPaymentView>;
export const demoDecisionBody = z.strictObject({
  ref: text(64).min(1),
  decision: z.enum(['approve', 'decline']),
});
export type DemoDecisionBody = z.infer<typeof demoDecisionBody>;
export const demoDecision = z.object({ redirectUrl: z.string().max(2048) });
export type DemoDecision = z.infer<typeof demoDecision>;
