/** A provider that needs no outside account: the store serves its approve page itself (Approve / Decline). */
import { randomBytes } from 'node:crypto';
import type { DemoPayment, DemoPaymentState, DemoPaymentStore } from './demo-payment-store.js';
import {
  PaymentAmountMismatchError,
  PaymentProviderError,
  type CapturePaymentInput,
  type CaptureResult,
  type Currency,
  type PaymentProvider,
  type PaymentStatus,
  type RefundPaymentInput,
  type RefundResult,
  type StartPaymentInput,
  type StartedPayment,
} from './payment-provider.js';
import { assertChargeableAmount } from './provider-http.js';

export const DEMO_APPROVE_PATH = '/payment/demo/approve';

export interface DemoProviderOptions {
  store: DemoPaymentStore;
  /** Path on the store of the page that shows the demo payment with Approve and Decline. */
  approvePath?: string;
  now?: () => Date;
}

/** The payment's state after the customer's choice, and where to send the customer next. */
export interface DemoDecision {
  state: DemoPaymentState;
  redirectUrl: string;
}

export class DemoPaymentProvider implements PaymentProvider {
  readonly name = 'demo' as const;
  private readonly store: DemoPaymentStore;
  private readonly approvePath: string;
  private readonly now: () => Date;

  constructor(options: DemoProviderOptions) {
    this.store = options.store;
    this.approvePath = options.approvePath ?? DEMO_APPROVE_PATH;
    this.now = options.now ?? (() => new Date());
  }

  async isEligible(amountCents: number, currency: Currency): Promise<boolean> {
    return currency === 'AUD' && Number.isSafeInteger(amountCents) && amountCents > 0;
  }

  async start(input: StartPaymentInput): Promise<StartedPayment> {
    assertChargeableAmount(this.name, input.amountCents);
    const ref = `demo_${randomBytes(16).toString('base64url')}`;
    await this.store.insert({
      ref,
      merchantReference: input.merchantReference,
      amountCents: input.amountCents,
      state: 'awaiting_customer',
      captureId: null,
      returnUrl: input.returnUrl,
      cancelUrl: input.cancelUrl,
      createdAt: this.now(),
    });
    return { providerRef: ref, redirectUrl: `${this.approvePath}?ref=${encodeURIComponent(ref)}` };
  }

  /** The payment the approve page shows, or undefined for an unknown reference. */
  async getPayment(
    ref: string,
  ): Promise<Pick<DemoPayment, 'ref' | 'merchantReference' | 'amountCents' | 'state'> | undefined> {
    const payment = await this.store.find(ref);
    if (!payment) return undefined;
    const { merchantReference, amountCents, state } = payment;
    return { ref, merchantReference, amountCents, state };
  }

  /** The customer pressed Approve; pressing it again, or after a capture, answers the same way. */
  async approve(ref: string): Promise<DemoDecision> {
    return this.decide(ref, 'approved');
  }

  /** The customer pressed Decline; an approved payment stays approved. */
  async decline(ref: string): Promise<DemoDecision> {
    return this.decide(ref, 'declined');
  }

  async capture(input: CapturePaymentInput): Promise<CaptureResult> {
    const payment = await this.mustFind(input.providerRef);
    if (payment.amountCents !== input.amountCents) {
      throw new PaymentAmountMismatchError(this.name, input.amountCents, payment.amountCents, undefined);
    }
    switch (payment.state) {
      case 'awaiting_customer':
        return { status: 'not_approved' };
      case 'declined':
        return { status: 'declined', reason: 'DECLINED_BY_CUSTOMER' };
      case 'captured':
        return captured(payment);
      case 'approved': {
        const captureId = `democap_${randomBytes(12).toString('base64url')}`;
        const moved = await this.store.transition(payment.ref, 'approved', { state: 'captured', captureId });
        // Another process captured it first: answer its capture.
        return captured(moved ?? (await this.mustFind(payment.ref)));
      }
    }
  }

  async refund(input: RefundPaymentInput): Promise<RefundResult> {
    assertChargeableAmount(this.name, input.amountCents);
    const payment = await this.store.findByCaptureId(input.captureId);
    if (!payment || payment.state !== 'captured') {
      throw new PaymentProviderError(this.name, 'not_found', 'no such capture');
    }
    const refund = await this.store.addRefund(
      {
        refundId: `demoref_${randomBytes(12).toString('base64url')}`,
        captureId: input.captureId,
        amountCents: input.amountCents,
        idempotencyKey: input.idempotencyKey,
        createdAt: this.now(),
      },
      payment.amountCents,
    );
    if (!refund)
      throw new PaymentProviderError(this.name, 'refund_rejected', 'refunds would exceed the capture');
    return { status: 'refunded', refundId: refund.refundId, amountCents: refund.amountCents };
  }

  async refundedCents(payment: { providerRef: string; captureId: string }): Promise<number> {
    return this.store.refundedCents(payment.captureId);
  }

  async getStatus(providerRef: string): Promise<PaymentStatus> {
    const payment = await this.store.find(providerRef);
    if (!payment) return { status: 'expired' };
    switch (payment.state) {
      case 'awaiting_customer':
        return { status: 'awaiting_customer' };
      case 'approved':
        return { status: 'approved' };
      case 'declined':
        return { status: 'declined' };
      case 'captured':
        return captured(payment);
    }
  }

  private async decide(ref: string, to: 'approved' | 'declined'): Promise<DemoDecision> {
    const payment =
      (await this.store.transition(ref, 'awaiting_customer', { state: to })) ?? (await this.mustFind(ref));
    const isDeclined = payment.state === 'declined';
    const target = isDeclined ? payment.cancelUrl : payment.returnUrl;
    return { state: payment.state, redirectUrl: withQuery(target, 'ref', payment.ref) };
  }

  private async mustFind(ref: string): Promise<DemoPayment> {
    const payment = await this.store.find(ref);
    if (!payment) throw new PaymentProviderError(this.name, 'not_found', 'no such demo payment');
    return payment;
  }
}

function captured(payment: DemoPayment): { status: 'captured'; captureId: string; amountCents: number } {
  if (payment.state !== 'captured' || payment.captureId === null) {
    throw new PaymentProviderError('demo', 'unavailable', `payment is ${payment.state}, not captured`);
  }
  return { status: 'captured', captureId: payment.captureId, amountCents: payment.amountCents };
}

/** Adds a query parameter to an absolute or store-relative URL, keeping any it already has. */
function withQuery(target: string, key: string, value: string): string {
  const url = new URL(target, 'http://store.invalid');
  url.searchParams.set(key, value);
  return url.origin === 'http://store.invalid' ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}
