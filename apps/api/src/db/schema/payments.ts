import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.js';
import { orders } from './shop.js';

/**
 * One attempt to pay an order's amount due through a provider; an order may have several (declined, then paid).
 * `surplus`: captured at the provider after another attempt had paid the order or the order was cancelled; the
 * store owes it back in full.
 */
export const payments = pgTable(
  'payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['paypal', 'afterpay', 'demo'] }).notNull(),
    providerRef: text('provider_ref').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['started', 'captured', 'surplus', 'declined', 'abandoned'] }).notNull(),
    captureId: text('capture_id'),
    refundedCents: integer('refunded_cents').notNull().default(0),
    // What names this payment in the keys its capture and refunds are sent with: unique across databases, so a
    // payment id used again (a restored backup, a reset development database) never replays another's capture.
    // Payments recorded before migration 0009 keep their id here, and so the keys they were already sent with.
    providerKey: text('provider_key')
      .notNull()
      .default(sql`gen_random_uuid()::text`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // The store's rounds (an owed refund, an attempt whose outcome the provider has not given) leave a payment they
    // could not finish until then, backing off with each try, so one that keeps failing never holds up the rest.
    retries: integer('retries').notNull().default(0),
    retryAt: timestamp('retry_at', { withTimezone: true }),
    // When a capture of this still started attempt was last answered pending (under review) or not answered at all:
    // its provider may yet take the money, so the order's page says so instead of inviting a second payment, and
    // the store's round keeps the order until it is decided. Cleared when the provider says it was never approved.
    capturePendingAt: timestamp('capture_pending_at', { withTimezone: true }),
    // A refund the store owes that the rounds could not settle with the provider (refused as more than is left even
    // after reading the provider's own refunds, or unreachable for days): no longer retried; the back office
    // dashboard lists it for a person to settle.
    refundUnsettledAt: timestamp('refund_unsettled_at', { withTimezone: true }),
    refundUnsettledReason: text('refund_unsettled_reason'),
    // PayPal declined the payer's card at capture and offered the same PayPal order back to choose another way to
    // pay (INSTRUMENT_DECLINED): where to send them, and how many such declines there were, which the capture's
    // request id carries so the next capture is a new request, not a replay of the declined one.
    recoveryUrl: text('recovery_url'),
    captureDeclines: integer('capture_declines').notNull().default(0),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_key').on(t.provider, t.providerRef),
    index('payments_order_idx').on(t.orderId),
    // An order is paid once: at most one captured payment each.
    uniqueIndex('payments_one_capture_per_order')
      .on(t.orderId)
      .where(sql`${t.status} = 'captured'`),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
    check('payments_refund_bounded', sql`${t.refundedCents} between 0 and ${t.amountCents}`),
  ],
);

/** The demo provider's own book, so its payments survive restarts and are shared by every API process. */
export const demoPayments = pgTable('demo_payments', {
  ref: text('ref').primaryKey(),
  merchantReference: text('merchant_reference').notNull(),
  amountCents: integer('amount_cents').notNull(),
  state: text('state', { enum: ['awaiting_customer', 'approved', 'declined', 'captured'] }).notNull(),
  captureId: text('capture_id').unique(),
  returnUrl: text('return_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const demoRefunds = pgTable(
  'demo_refunds',
  {
    refundId: text('refund_id').primaryKey(),
    captureId: text('capture_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('demo_refunds_capture_key').on(t.captureId, t.idempotencyKey)],
);

/**
 * Stripe's Idempotency-Key contract: the first answer to a key is kept, a retry with the same body gets it again,
 * the same key with another body is refused. Keys are per customer and route, kept at least 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    route: text('route').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.route, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;

/**
 * A provider refusing the shop itself (its credentials or settings: 401/403), recorded for the operator: the
 * dashboard counts them; the customer is only told the way to pay is not available.
 */
export const providerFaults = pgTable(
  'provider_faults',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider', { enum: ['paypal', 'afterpay', 'demo'] }).notNull(),
    kind: text('kind').notNull(),
    detail: text('detail').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('provider_faults_at_idx').on(t.at)],
);

/** Provider webhook events already handled, by their id: a redelivered event is answered and not acted on again. */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    provider: text('provider', { enum: ['paypal', 'afterpay', 'demo'] }).notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
