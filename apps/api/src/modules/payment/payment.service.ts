import { createHash, randomUUID } from 'node:crypto';
import { AFTERPAY_INSTALMENTS, afterpayInstalments } from '@storefront/contract/afterpay';
import { orderReference } from '@storefront/contract/order-reference';
import {
  type AfterpayTerms,
  type PaymentMethods,
  type PaymentProvider as ProviderName,
} from '@storefront/contract/payment';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { PaymentConfig } from './payment-config.js';
import {
  PaymentAmountMismatchError,
  PaymentProviderError,
  type CaptureResult,
  type PaymentCustomer,
  type PaymentOrderDetails,
  type PaymentProvider,
  type PaymentStatus,
} from './payment-provider.js';
import type { PaymentProviders } from './payment-providers.js';
import {
  addRefunded,
  findCapturePendingProvider,
  findCapturedPayment,
  findPaymentByRef,
  findStartedPayments,
  findStartedOfUnpaidOrder,
  findPaymentByCapture,
  findRecoverableAttempt,
  insertPayment,
  insertProviderFault,
  markInstrumentDeclined,
  listOwedRefunds,
  listStartedOfSettledOrders,
  markCapturePending,
  markRefundUnsettled,
  recordProviderRefunds,
  markPaymentCaptured,
  markPaymentEnded,
  markPaymentSurplus,
  postponePayment,
  type PaymentRow,
} from './payment.repo.js';
import { storeUrl } from '../../lib/store-url.js';

/**
 * A refund the rounds could not make is tried this many times (backing off to six hours: about two days) before it is
 * marked unsettled for a person.
 */
export const REFUND_TRIES_MAX = 16;

/** What one try of the refund round did with a payment it owes back. */
export type RefundRoundOutcome = 'refunded' | 'settled' | 'postponed' | 'unsettled';

/** The provider answered the refund and refused it (more than is left, or a request it will not take). */
function isRefusal(err: unknown): boolean {
  return (
    err instanceof PaymentProviderError &&
    (err.kind === 'refund_rejected' || err.kind === 'rejected' || err.kind === 'not_found')
  );
}

/** The order a payment is for, as the payment module needs to know it. */
export type PayableOrder = {
  id: number;
  amountDueCents: number;
  customer: PaymentCustomer;
  /** Its addresses, lines, GST and shipping, for a provider that checks or shows them (Afterpay). */
  details?: PaymentOrderDetails;
};

const ORDER = ['paypal', 'afterpay', 'demo'] as const satisfies readonly ProviderName[];

/**
 * The key a payment start is sent to the provider with (PayPal-Request-Id, Afterpay's requestId): the same for a
 * retry of one start, different for any other order, provider or amount. Without the customer's key every start is
 * a new one.
 */
export function startKey(order: PayableOrder, name: ProviderName, clientKey: string | undefined): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([order.id, name, order.amountDueCents, clientKey ?? randomUUID()]))
    .digest('hex');
  return `start-${order.id}-${digest.slice(0, 32)}`;
}

/**
 * A provider's typed failure as the customer's answer. Only a lost answer (a timeout) or a provider that could not
 * answer (5xx, unreachable: a capture may have gone through) is "we are checking"; a refusal the provider stated
 * is final lets the customer pay again at once; the shop's own credentials refused is the operator's problem
 * (recorded by the service), and the customer is told only that this way to pay is not available.
 */
export function toAppError(err: unknown): never {
  if (err instanceof PaymentAmountMismatchError) throw new AppError('PAYMENT_AMOUNT_MISMATCH');
  if (err instanceof PaymentProviderError) {
    if (err.kind === 'timeout') throw new AppError('PAYMENT_UNCONFIRMED');
    if (err.kind === 'unavailable') throw new AppError('PAYMENT_UNAVAILABLE');
    if (err.kind === 'not_eligible') throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
    if (err.kind === 'misconfigured')
      throw new AppError(
        'PAYMENT_METHOD_UNAVAILABLE',
        'This way to pay is not available right now. Please choose another.',
      );
    if (err.kind === 'not_found') throw new AppError('PAYMENT_EXPIRED');
    throw new AppError('PAYMENT_REFUSED');
  }
  throw err;
}

/**
 * The payment side of an order: which ways to pay are offered, starting a payment at a provider, capturing it,
 * refunding it and asking what became of it. It records every attempt in `payments`; what the order does with
 * the outcome is the order module's business.
 */
export function createPaymentService(
  db: Db,
  providers: PaymentProviders,
  config: PaymentConfig,
  now: () => Date,
  log: Pick<FastifyBaseLogger, 'error'> = { error: () => undefined },
) {
  function provider(name: ProviderName): PaymentProvider {
    const p = providers.byName.get(name);
    if (!p) throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
    return p;
  }

  function returnUrl(orderId: number, name: ProviderName, cancelled: boolean): string {
    const url = storeUrl(config.publicUrl, '/checkout/payment-return');
    url.searchParams.set('orderID', String(orderId));
    url.searchParams.set('provider', name);
    if (cancelled) url.searchParams.set('cancelled', '1');
    return url.toString();
  }

  /**
   * A capture of another amount than the attempt was started for is never kept: it is recorded as surplus for what
   * the provider took and given back now, or by the refund round if the provider cannot take the refund now.
   */
  async function giveBackMismatched(
    attempt: PaymentRow,
    captureId: string,
    capturedCents: number,
  ): Promise<void> {
    if (!(await markPaymentSurplus(db, attempt.id, captureId, now(), capturedCents))) return;
    const owed = { ...attempt, status: 'surplus' as const, captureId, amountCents: capturedCents };
    await refundPayment(owed, capturedCents).catch((err: unknown) =>
      log.error({ err, paymentId: attempt.id }, 'mismatched capture left owed for the refund round'),
    );
  }

  /** Records a provider refusing the shop itself (for the dashboard, and loudly in the log), then answers as above. */
  async function failed(name: ProviderName, err: unknown): Promise<never> {
    if (err instanceof PaymentProviderError && err.kind === 'misconfigured') {
      log.error({ err, provider: name }, "the payment provider refused the shop's credentials or settings");
      await insertProviderFault(db, { provider: name, kind: err.kind, detail: err.message }, now()).catch(
        () => undefined,
      );
    }
    return toAppError(err);
  }

  return {
    /** The ways to pay an amount; the caller adds when the order must be paid by. */
    async methods(amountDueCents: number): Promise<Omit<PaymentMethods, 'payBy'>> {
      const methods = await Promise.all(
        ORDER.filter((name) => providers.byName.has(name)).map(async (name) => ({
          provider: name,
          isEligible: amountDueCents > 0 && (await provider(name).isEligible(amountDueCents, 'AUD')),
          instalmentCents: name === 'afterpay' ? afterpayInstalments(amountDueCents).laterCents : null,
        })),
      );
      return { amountDue: amountDueCents, methods };
    },

    /** Afterpay's limits as the product and cart pages need them; unavailable rather than failing the page. */
    async afterpayTerms(): Promise<AfterpayTerms> {
      const limits = await providers.afterpay?.getLimits().catch(() => undefined);
      const available = limits !== undefined && limits.currency === 'AUD';
      return {
        available,
        minimumCents: available ? limits.minimumCents : null,
        maximumCents: available ? limits.maximumCents : null,
        instalments: AFTERPAY_INSTALMENTS,
      };
    },

    /**
     * Starts a payment of what the order owes. `clientKey` (the customer's Idempotency-Key) makes a retried start
     * answer the payment already started; the provider is sent a key of this order, provider and amount, so a key
     * reused for another order, by the customer or anyone else, never reaches another order's payment.
     */
    async start(order: PayableOrder, name: ProviderName, clientKey: string | undefined): Promise<string> {
      // PayPal declined the card and offered this order back: the payer returns to it to choose another way to
      // pay (PayPal's documented recovery), rather than starting a second PayPal order beside it.
      const recoverable = await findRecoverableAttempt(db, order.id, name, order.amountDueCents);
      if (recoverable?.recoveryUrl) return recoverable.recoveryUrl;
      const p = provider(name);
      if (!(await p.isEligible(order.amountDueCents, 'AUD')))
        throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
      const started = await p
        .start({
          merchantReference: orderReference(order.id),
          amountCents: order.amountDueCents,
          currency: 'AUD',
          customer: order.customer,
          ...(order.details ? { order: order.details } : {}),
          returnUrl: returnUrl(order.id, name, false),
          cancelUrl: returnUrl(order.id, name, true),
          idempotencyKey: startKey(order, name, clientKey),
        })
        .catch((err: unknown) => failed(name, err));
      // Two starts with one key (a double click) get one payment back from the provider: it is recorded once.
      const recorded =
        (await insertPayment(
          db,
          {
            orderId: order.id,
            provider: name,
            providerRef: started.providerRef,
            amountCents: order.amountDueCents,
          },
          now(),
        )) ?? (await findPaymentByRef(db, name, started.providerRef));
      if (recorded?.orderId !== order.id)
        throw new Error(
          `${name} answered payment ${started.providerRef} of another order for order ${order.id}`,
        );
      return started.redirectUrl;
    },

    /** The attempt a provider's return names, if it is one of this order's. */
    async findAttempt(
      orderId: number,
      name: ProviderName,
      providerRef: string,
    ): Promise<PaymentRow | undefined> {
      const row = await findPaymentByRef(db, name, providerRef);
      return row && row.orderId === orderId ? row : undefined;
    },

    /**
     * Captures at the provider; idempotent there (the key names the attempt, unique across databases), so a retry
     * never charges twice and no other attempt's capture is ever answered for this one. A capture answered pending,
     * or not at all, is recorded as such (`capturePendingAt`): the provider may yet take the money.
     */
    async capture(attempt: PaymentRow): Promise<CaptureResult> {
      const result = await provider(attempt.provider)
        .capture({
          providerRef: attempt.providerRef,
          merchantReference: orderReference(attempt.orderId),
          amountCents: attempt.amountCents,
          // A new request after each declined card the payer replaced; the same one for a retry of this capture.
          idempotencyKey:
            attempt.captureDeclines === 0
              ? `capture-${attempt.providerKey}`
              : `capture-${attempt.providerKey}-${attempt.captureDeclines}`,
        })
        .catch(async (err: unknown) => {
          if (err instanceof PaymentAmountMismatchError && err.captureId)
            await giveBackMismatched(attempt, err.captureId, err.actualCents);
          if (err instanceof PaymentProviderError && (err.kind === 'timeout' || err.kind === 'unavailable'))
            await markCapturePending(db, attempt.id, now());
          // Refused for good: the attempt ends, so the customer can start another at once.
          if (err instanceof PaymentProviderError && (err.kind === 'rejected' || err.kind === 'not_found'))
            await markPaymentEnded(db, attempt.id, 'declined', now());
          return failed(attempt.provider, err);
        });
      if (result.status === 'declined' && result.redirectUrl)
        await markInstrumentDeclined(db, attempt.id, result.redirectUrl, now());
      else if (result.status === 'declined') await markPaymentEnded(db, attempt.id, 'declined', now());
      if (result.status === 'pending') await markCapturePending(db, attempt.id, now());
      if (result.status === 'not_approved' && attempt.capturePendingAt !== null)
        await markCapturePending(db, attempt.id, null);
      return result;
    },

    /** Records a settled capture, inside the order's transaction; false when it was recorded already. */
    recordCapture: (exec: Executor, attempt: PaymentRow, captureId: string) =>
      markPaymentCaptured(exec, attempt.id, captureId, now()),

    async status(attempt: PaymentRow): Promise<PaymentStatus> {
      return provider(attempt.provider).getStatus(attempt.providerRef);
    },

    startedAttempts: (orderId: number, exec: Executor = db) => findStartedPayments(exec, orderId),

    /** The attempts still started of the customer's order while it awaits payment. */
    startedAttemptsOfUnpaid: (customerId: number, orderId: number) =>
      findStartedOfUnpaidOrder(db, customerId, orderId),

    capturedPayment: (exec: Executor, orderId: number) => findCapturedPayment(exec, orderId),

    /** The provider still deciding a capture of one of the order's started attempts (`capture`), if any. */
    capturePendingWith: (exec: Executor, orderId: number) => findCapturePendingProvider(exec, orderId),

    abandon: (attempt: PaymentRow) => markPaymentEnded(db, attempt.id, 'abandoned', now()),

    findByRef: (name: ProviderName, providerRef: string) => findPaymentByRef(db, name, providerRef),

    /** The provider declined a capture it had held: the attempt ends and nothing is pending. */
    endDeclined: (attempt: PaymentRow) => markPaymentEnded(db, attempt.id, 'declined', now()),

    /** The provider holds a capture for review: the order's page says so and no second payment starts. */
    markPending: (attempt: PaymentRow) => markCapturePending(db, attempt.id, now()),

    /** A refund the provider failed or reversed after taking it: marked unsettled for a person (dashboard). */
    async refundFailedAtProvider(name: ProviderName, captureId: string, reason: string): Promise<void> {
      const payment = await findPaymentByCapture(db, name, captureId);
      if (payment) await markRefundUnsettled(db, payment.id, reason, now());
    },

    /**
     * Gives back what a provider took for the order, up to `amountCents`; 0 when nothing was captured. Throws
     * when the provider cannot be reached: the refund is then owed, and `refundOwed` finishes it later.
     */
    async refund(orderId: number, amountCents: number): Promise<number> {
      const captured = await findCapturedPayment(db, orderId);
      return captured ? refundPayment(captured, amountCents) : 0;
    },

    /**
     * Records a capture the order could not keep (`capturedCents`: what the provider took, when the round found it
     * differs from the attempt's amount); `refundOwed` then gives it back.
     */
    recordSurplus: (exec: Executor, attempt: PaymentRow, captureId: string, capturedCents?: number) =>
      markPaymentSurplus(exec, attempt.id, captureId, now(), capturedCents),

    /** Attempts left `started` on orders that no longer await payment, untouched since `before`, oldest first. */
    leftAttempts: (before: Date, limit: number) => listStartedOfSettledOrders(db, before, now(), limit),

    /** Refunds still owed (a provider was down when they were due), oldest first. */
    owedRefunds: (limit: number) => listOwedRefunds(db, now(), limit),

    /** Leaves a payment a round could not finish for a while, longer each time; the rounds skip it until then. */
    postpone: (payment: PaymentRow) => postponePayment(db, payment.id, now()),

    /** Gives back the rest of a payment the store owes in full. */
    refundOwed: (payment: PaymentRow) => refundPayment(payment, payment.amountCents),

    /**
     * One try of the refund round at a payment it owes back, and what became of it. A provider refusing it as more
     * than is left (a refund made by hand in its dashboard) is read for its own record of refunds, which the payment
     * then takes, and the rest is tried once more; what it still refuses, or a provider unreachable for
     * `REFUND_TRIES_MAX` tries, is marked unsettled for a person and never tried again.
     */
    async retryOwedRefund(payment: PaymentRow, owedCents: number): Promise<RefundRoundOutcome> {
      const target = payment.refundedCents + owedCents;
      try {
        return (await refundPayment(payment, owedCents)) > 0 ? 'refunded' : 'settled';
      } catch (err) {
        if (isRefusal(err) && payment.captureId !== null) {
          const outcome = await reconcile(payment, payment.captureId, target);
          if (outcome !== 'postponed') return outcome;
        }
        return postponeOrGiveUp(payment, err);
      }
    },
  };

  /** Takes the provider's own record of the payment's refunds, then tries what it still owes once more. */
  async function reconcile(
    payment: PaymentRow,
    captureId: string,
    target: number,
  ): Promise<RefundRoundOutcome> {
    let reconciled: PaymentRow | undefined;
    try {
      const total = await provider(payment.provider).refundedCents({
        providerRef: payment.providerRef,
        captureId,
      });
      reconciled = await recordProviderRefunds(db, payment.id, total, now());
    } catch (err) {
      if (!isRefusal(err)) return 'postponed';
      await markRefundUnsettled(db, payment.id, `the provider has no record of it: ${String(err)}`, now());
      return 'unsettled';
    }
    if (!reconciled || reconciled.refundedCents >= Math.min(target, reconciled.amountCents)) return 'settled';
    try {
      await refundPayment(reconciled, target - reconciled.refundedCents);
      return 'refunded';
    } catch (err) {
      if (!isRefusal(err)) return 'postponed';
      await markRefundUnsettled(
        db,
        payment.id,
        `refused after reconciling with the provider: ${String(err)}`,
        now(),
      );
      return 'unsettled';
    }
  }

  /** Left for later, backing off, until `REFUND_TRIES_MAX` tries: then a person must look. */
  async function postponeOrGiveUp(payment: PaymentRow, err: unknown): Promise<RefundRoundOutcome> {
    if (payment.retries + 1 >= REFUND_TRIES_MAX) {
      await markRefundUnsettled(
        db,
        payment.id,
        `not made in ${REFUND_TRIES_MAX} tries: ${String(err)}`,
        now(),
      );
      return 'unsettled';
    }
    await postponePayment(db, payment.id, now());
    return 'postponed';
  }

  /**
   * One refund per payment, whatever the route to it (a cancel, the retry round, two processes at once): the
   * idempotency key names the payment (its `providerKey`) and what it had refunded, so the provider refunds once
   * however often it is asked.
   */
  async function refundPayment(payment: PaymentRow, amountCents: number): Promise<number> {
    if (!payment.captureId) return 0;
    const amount = Math.min(amountCents, payment.amountCents - payment.refundedCents);
    if (amount <= 0) return 0;
    const refunded = await provider(payment.provider).refund({
      captureId: payment.captureId,
      amountCents: amount,
      merchantReference: orderReference(payment.orderId),
      idempotencyKey: `refund-${payment.providerKey}-${payment.refundedCents}`,
    });
    await addRefunded(db, payment, refunded.amountCents, now());
    return refunded.amountCents;
  }
}

export type PaymentService = ReturnType<typeof createPaymentService>;
