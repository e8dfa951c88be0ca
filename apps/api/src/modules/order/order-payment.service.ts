import { orderIdOfReference } from '@storefront/contract/order-reference';
import type { UserInfo } from '@storefront/contract/account';
import type {
  DemoPaymentView,
  PaymentCaptured,
  PaymentMethods,
  PaymentProvider as ProviderName,
  PaymentStartBody,
} from '@storefront/contract/payment';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { WarnLog } from '../../lib/warn-log.js';
import { claimKey, hashRequest, saveAnswer, type IdempotencyScope } from '../idempotency/idempotency.repo.js';
import type { DemoPaymentProvider } from '../payment/demo-provider.js';
import type { PaymentRow } from '../payment/payment.repo.js';
import { type PaymentService } from '../payment/payment.service.js';
import { orderAddress } from '@storefront/contract/order';
import type { CaptureSettlement, RefundSettlement } from '../payment/webhooks/paypal-webhook-events.js';
import {
  findOrder,
  findOrderById,
  listOrderLines,
  listOrdersUnpaidSince,
  updateOrderWhileIn,
  type OrderRow,
  recordStatusMove,
} from './order.repo.js';
import { queueOrderMail, type OrderMailSettings } from './order-mails.js';
import { payByOf, totalsOf } from './order.service.js';

export type OrderPaymentDeps = {
  payments: PaymentService;
  demo: DemoPaymentProvider | null;
  /** A capture answers with a fresh token in place of the session's own, which lives on only for the grace period. */
  replaceToken: (session: { sessionId: number; customerId: number }) => Promise<string>;
  /** Cancels an unpaid order and gives back its stock, coupon use and store credit; false if it was not open. */
  cancelUnpaid: (order: OrderRow) => Promise<boolean>;
  unpaidMs: number;
  now: () => Date;
  log: WarnLog;
  mail: OrderMailSettings;
};

/** Owed refunds retried per round, so one round stays short however long a provider was down. */
const REFUNDS_PER_ROUND = 50;
/** A started attempt of a settled order is looked at once nothing has touched it for this long. */
const LEFT_ATTEMPT_QUIET_MS = 60_000;

export type CaptureKey = { route: string; key: string | undefined; body: unknown };

const amountDueOf = (order: OrderRow) => totalsOf(order).amountDue;

/** Only an order awaiting payment can be paid; a cancelled one is said to be cancelled, not paid. */
const notPayable = (order: OrderRow) =>
  new AppError(
    'ORDER_NOT_PAYABLE',
    order.status === 'cancelled' ? 'This order was cancelled: there is nothing to pay.' : undefined,
  );

/**
 * The order side of payments: which order may be paid and for how much, what a capture does to it, and the
 * store's own clock on unpaid orders. The payment module talks to providers; this decides what it means.
 */
export function createOrderPayments(db: Db, deps: OrderPaymentDeps) {
  const { payments, now } = deps;

  async function payableOrder(customerId: number, orderId: number): Promise<OrderRow> {
    const order = await findOrder(db, customerId, orderId);
    if (!order) throw new AppError('NOT_FOUND', 'No such order.');
    // Checkout marks an order with nothing to pay paid, so one awaiting payment always owes something.
    if (order.status !== 'pending_payment') throw notPayable(order);
    // Past its time to pay the order waits only for the store's round to cancel it (within a minute): no new payment
    // is started for it. One started in time is still captured, here or by that round, which asks the provider first.
    if (now().getTime() > payByOf(order, deps.unpaidMs).getTime()) throw new AppError('ORDER_PAY_BY_PASSED');
    return order;
  }

  /**
   * Settles a capture the provider confirmed, under the order's row lock: the first capture pays the order. A
   * capture the order cannot keep (another attempt paid it first, or the store cancelled it meanwhile) is recorded
   * as surplus and given straight back: nothing is kept for an order that is not owed.
   */
  async function settle(
    order: Pick<OrderRow, 'id' | 'customerId'>,
    attempt: PaymentRow,
    captureId: string,
    { refundNow = true, capturedCents = attempt.amountCents } = {},
  ): Promise<'paid' | 'surplus'> {
    // A capture of another amount than the attempt's (what the order owed when it started) never pays the order.
    const amountMatches = capturedCents === attempt.amountCents;
    const outcome = await db.transaction(async (tx) => {
      const current = await findOrder(tx, order.customerId, order.id, { lock: true });
      // Only an attempt still started pays the order; one the store gave up on meanwhile is surplus.
      if (
        amountMatches &&
        current?.status === 'pending_payment' &&
        (await payments.recordCapture(tx, attempt, captureId))
      ) {
        const paid = await updateOrderWhileIn(tx, order.id, ['pending_payment'], {
          status: 'paid',
          paidAt: now(),
        });
        if (paid) {
          // The customer's payment, whether their capture or the store's round recorded it.
          await recordStatusMove(tx, { orderId: order.id, status: 'paid', at: now(), by: 'customer' });
          const event = { kind: 'paid' as const, provider: attempt.provider };
          await queueOrderMail(tx, { order: paid }, event, deps.mail, now());
        }
        return 'paid';
      }
      if ((await payments.capturedPayment(tx, order.id))?.id === attempt.id) return 'paid';
      const recorded = await payments.recordSurplus(
        tx,
        attempt,
        captureId,
        amountMatches ? undefined : capturedCents,
      );
      // Told once, when it is first recorded: the refund itself may take rounds while the provider is down.
      if (recorded && current) {
        const event = {
          kind: 'payment-returned' as const,
          amountCents: attempt.amountCents,
          provider: attempt.provider,
        };
        await queueOrderMail(tx, { order: current }, event, deps.mail, now());
      }
      return 'surplus';
    });
    if (outcome === 'surplus' && refundNow) {
      await payments
        .refundOwed({ ...attempt, captureId, amountCents: capturedCents })
        .catch((err: unknown) => deps.log.warn({ err, paymentId: attempt.id }, 'surplus refund left owed'));
    }
    return outcome;
  }

  async function capture(customerId: number, provider: ProviderName, orderId: number, ref: string) {
    const order = await findOrder(db, customerId, orderId);
    if (!order) throw new AppError('NOT_FOUND', 'No such order.');
    const attempt = await payments.findAttempt(order.id, provider, ref);
    if (!attempt) throw new AppError('NOT_FOUND', 'No such payment for this order.');
    const answer: PaymentCaptured = { orderID: order.id, status: 'paid', amountCents: attempt.amountCents };
    if (attempt.status === 'captured') return answer;
    if (order.status !== 'pending_payment') throw notPayable(order);
    // An attempt the store has given up on is never captured: the order may owe another. A declined one is told as
    // declined to every capture, not only to the one that heard the provider say so.
    if (attempt.status === 'declined') throw new AppError('PAYMENT_DECLINED');
    if (attempt.status !== 'started') throw new AppError('PAYMENT_EXPIRED');
    // The provider holds the amount the payment was started for; the order must still owe exactly that.
    if (attempt.amountCents !== amountDueOf(order)) throw new AppError('PAYMENT_AMOUNT_MISMATCH');
    const result = await payments.capture(attempt);
    if (result.status === 'declined' && result.redirectUrl) throw new AppError('PAYMENT_INSTRUMENT_DECLINED');
    if (result.status === 'declined') throw new AppError('PAYMENT_DECLINED');
    if (result.status === 'not_approved') throw new AppError('PAYMENT_NOT_APPROVED');
    if (result.status === 'pending') throw new AppError('PAYMENT_UNCONFIRMED');
    if ((await settle(order, attempt, result.captureId)) === 'surplus')
      throw new AppError('ORDER_NOT_PAYABLE');
    return answer;
  }

  return {
    /**
     * A capture PayPal's webhook says it settled (one held for review, or whose answer was lost): settled as the
     * minute round would, within seconds. Unknown captures, and amounts the event does not give, are left to it.
     */
    async captureSettledAtProvider(event: CaptureSettlement): Promise<void> {
      if (!event.providerRef) return;
      const attempt = await payments.findByRef('paypal', event.providerRef);
      if (!attempt || attempt.status !== 'started') return;
      const order = await findOrderById(db, attempt.orderId);
      if (!order) return;
      if (event.outcome === 'captured' && event.amountCents !== undefined)
        await settle(order, attempt, event.captureId, { capturedCents: event.amountCents });
      if (event.outcome === 'declined') await payments.endDeclined(attempt);
      if (event.outcome === 'pending') await payments.markPending(attempt);
    },

    /** A refund PayPal failed after accepting it: the money is still the customer's, so a person must look. */
    async refundSettledAtProvider(event: RefundSettlement): Promise<void> {
      if (event.outcome !== 'failed' && event.outcome !== 'reversed') return;
      const reason =
        event.outcome === 'failed' ? `PayPal failed refund ${event.refundId}` : `PayPal reversed the capture`;
      await payments.refundFailedAtProvider('paypal', event.captureId, reason);
      deps.log.warn(
        { captureId: event.captureId, outcome: event.outcome },
        'PayPal reported a refund problem',
      );
    },

    afterpayTerms: () => payments.afterpayTerms(),

    async methods(customerId: number, orderId: number): Promise<PaymentMethods> {
      const order = await payableOrder(customerId, orderId);
      const payBy = payByOf(order, deps.unpaidMs).toISOString();
      return { ...(await payments.methods(amountDueOf(order))), payBy };
    },

    /** `payer`: the signed-in customer, as the session lookup read them; the provider pre-fills its form with it. */
    async start(
      customerId: number,
      payer: Pick<UserInfo, 'email' | 'firstName' | 'lastName'>,
      body: PaymentStartBody,
      idempotencyKey?: string,
    ): Promise<{ redirectUrl: string }> {
      const order = await payableOrder(customerId, body.orderID);
      // A capture its provider is still deciding may yet take the money: a second payment now would be taken too.
      if (await payments.capturePendingWith(db, order.id)) throw new AppError('PAYMENT_UNCONFIRMED');
      const billing = orderAddress.parse(order.billingAddress);
      const lines = body.provider === 'afterpay' ? await listOrderLines(db, [order.id]) : [];
      const redirectUrl = await payments.start(
        {
          id: order.id,
          amountDueCents: amountDueOf(order),
          customer: {
            email: payer.email,
            firstName: payer.firstName,
            lastName: payer.lastName,
            ...(billing.phone ? { phone: billing.phone } : {}),
          },
          details: {
            shippingAddress: orderAddress.parse(order.shippingAddress),
            billingAddress: billing,
            lines: lines.map((l) => ({
              sku: l.sku,
              name: l.name,
              price: l.unitPriceCents,
              quantity: l.quantity,
            })),
            gstCents: order.gstCents,
            shippingCents: order.shippingCents,
          },
        },
        body.provider,
        idempotencyKey,
      );
      return { redirectUrl };
    },

    /**
     * The capture after the customer's return. With an Idempotency-Key the first answer is kept and replayed
     * (the same key with another body is refused); without one it is idempotent anyway: the provider captures an
     * attempt once and the order moves to paid once.
     */
    async capture(
      customerId: number,
      provider: ProviderName,
      orderId: number,
      ref: string,
      key: CaptureKey,
    ): Promise<PaymentCaptured> {
      if (!key.key) return capture(customerId, provider, orderId, ref);
      const scope: IdempotencyScope = { customerId, route: key.route, key: key.key };
      const claim = await claimKey(db, scope, hashRequest(key.body), now());
      if (claim.kind === 'reused') throw new AppError('IDEMPOTENCY_KEY_REUSED');
      if (claim.kind === 'replay') return claim.answer.body as PaymentCaptured;
      const answer = await capture(customerId, provider, orderId, ref);
      await saveAnswer(db, scope, { status: 200, body: answer });
      return answer;
    },

    freshToken: deps.replaceToken,

    /**
     * Before a customer's cancel of an unpaid order: a payment its provider took without the store hearing (a capture
     * whose answer was lost) pays the order first, so the cancel refunds it and its mail says so. Approved and not
     * captured is left alone (the store never captures for an order being cancelled; the refund round abandons it);
     * a provider that cannot answer leaves it to that round, which gives back whatever turns up taken.
     */
    async settleTakenPayments(customerId: number, orderId: number): Promise<void> {
      for (const attempt of await payments.startedAttemptsOfUnpaid(customerId, orderId)) {
        const status = await payments.status(attempt).catch(() => null);
        if (status?.status === 'captured')
          await settle({ id: orderId, customerId }, attempt, status.captureId, {
            capturedCents: status.amountCents,
          });
      }
    },

    async demoPayment(customerId: number, ref: string): Promise<DemoPaymentView> {
      const { order, payment } = await demoAttempt(customerId, ref);
      return { ref, orderID: order.id, amountCents: payment.amountCents, state: payment.state };
    },

    async demoDecide(customerId: number, ref: string, decision: 'approve' | 'decline') {
      const { demo } = await demoAttempt(customerId, ref);
      const decided = decision === 'approve' ? await demo.approve(ref) : await demo.decline(ref);
      return { redirectUrl: decided.redirectUrl };
    },

    /**
     * Cancels orders left unpaid past the limit, after asking the provider whether a payment was captured after
     * all: a captured payment is settled (the order paid), never lost. Each order is decided under its own row
     * lock with a status condition, so several API processes running this at once cancel or pay it once.
     */
    async expireUnpaid(): Promise<{ cancelled: number; paid: number }> {
      const due = await listOrdersUnpaidSince(db, new Date(now().getTime() - deps.unpaidMs), now());
      let cancelled = 0;
      let paid = 0;
      for (const order of due) {
        // Every attempt is asked, not just until one paid: a second capture must be found and given back too.
        let keep = false;
        for (const attempt of await payments.startedAttempts(order.id)) {
          const outcome = await settleIfPaid(order, attempt);
          if (outcome === 'paid') paid += 1;
          // A surplus capture (another amount, or the order paid another way) is given back: it keeps nothing.
          if (outcome === 'paid' || outcome === 'kept') keep = true;
        }
        if (!keep && (await deps.cancelUnpaid(order))) cancelled += 1;
      }
      return { cancelled, paid };
    },

    /**
     * Retries refunds a provider could not take when they were due (a cancel or a surplus capture while it was
     * down). Safe beside other processes: a refund's idempotency key names the payment and what was refunded.
     */
    async refundOwed(): Promise<{ refunded: number; failed: number; unsettled: number }> {
      let refunded = 0;
      let failed = 0;
      let unsettled = 0;
      // First what providers took for orders no longer awaiting it (a capture unconfirmed when the order was
      // cancelled, or paid another way): settled as surplus, it is refunded with the rest below.
      const quiet = new Date(now().getTime() - LEFT_ATTEMPT_QUIET_MS);
      for (const { payment, customerId } of await payments.leftAttempts(quiet, REFUNDS_PER_ROUND)) {
        const order = await findOrder(db, customerId, payment.orderId);
        if (order) await settleLeft(order, payment);
      }
      for (const { payment, owedCents } of await payments.owedRefunds(REFUNDS_PER_ROUND)) {
        const outcome = await payments.retryOwedRefund(payment, owedCents);
        if (outcome === 'refunded') refunded += 1;
        if (outcome === 'postponed') failed += 1;
        if (outcome === 'unsettled') unsettled += 1;
        if (outcome === 'postponed' || outcome === 'unsettled')
          deps.log.warn({ paymentId: payment.id, outcome }, 'owed refund not made');
      }
      return { refunded, failed, unsettled };
    },
  };

  /**
   * What became of an attempt at its provider. Captured: the order is paid. Approved but never captured (the
   * customer paid and did not come back): the store captures it. Still undecided or unreachable: the order is kept
   * for the next round. Otherwise the attempt is abandoned.
   */
  async function settleIfPaid(
    order: OrderRow,
    attempt: PaymentRow,
  ): Promise<'paid' | 'surplus' | 'kept' | 'abandoned'> {
    const status = await payments.status(attempt).catch(() => null);
    if (status === null || status.status === 'pending') return keep(attempt);
    if (status.status === 'captured') {
      const settled = await settle(order, attempt, status.captureId, { capturedCents: status.amountCents });
      return settled === 'paid' ? 'paid' : 'surplus';
    }
    if (status.status === 'approved') {
      const result = await payments.capture(attempt).catch(() => null);
      if (result?.status === 'captured')
        return (await settle(order, attempt, result.captureId)) === 'paid' ? 'paid' : 'surplus';
      if (result === null || result.status === 'pending') return keep(attempt);
    }
    await payments.abandon(attempt);
    return 'abandoned';
  }

  /** An attempt whose outcome is not known yet: asked again later, the order kept meanwhile. */
  async function keep(attempt: PaymentRow): Promise<'kept'> {
    await payments.postpone(attempt);
    return 'kept';
  }

  /**
   * An attempt left started on an order that no longer awaits payment. Captured at its provider after all: recorded
   * as surplus (settle), so it is refunded. Undecided or unreachable: asked again next round. Otherwise nothing was
   * taken and nothing will be: abandoned, never captured for an order that is not owed.
   */
  async function settleLeft(order: OrderRow, attempt: PaymentRow): Promise<void> {
    const status = await payments.status(attempt).catch(() => null);
    if (status === null || status.status === 'pending') {
      await payments.postpone(attempt);
      return;
    }
    if (status.status === 'captured') {
      // Recorded only: the round's refunds, which run next, give it back and count it.
      await settle(order, attempt, status.captureId, { refundNow: false, capturedCents: status.amountCents });
      return;
    }
    await payments.abandon(attempt);
  }

  async function demoAttempt(customerId: number, ref: string) {
    const demo = deps.demo;
    if (!demo) throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
    const payment = await demo.getPayment(ref);
    const orderId = orderIdOfReference(payment?.merchantReference ?? '');
    const order = orderId === null ? undefined : await findOrder(db, customerId, orderId);
    if (!payment || !order) {
      throw new AppError('NOT_FOUND', 'No such payment.');
    }
    return { demo, order, payment };
  }
}

export type OrderPayments = ReturnType<typeof createOrderPayments>;
