/**
 * Where the demo provider keeps its payments. The order module implements this port on a table so demo payments
 * survive restarts and are shared by several API processes; the in-memory one is for tests.
 */

export type DemoPaymentState = 'awaiting_customer' | 'approved' | 'declined' | 'captured';

export interface DemoPayment {
  ref: string;
  merchantReference: string;
  amountCents: number;
  state: DemoPaymentState;
  captureId: string | null;
  returnUrl: string;
  cancelUrl: string;
  createdAt: Date;
}

export interface DemoRefund {
  refundId: string;
  captureId: string;
  amountCents: number;
  idempotencyKey: string;
  createdAt: Date;
}

export interface DemoPaymentStore {
  insert(payment: DemoPayment): Promise<void>;
  find(ref: string): Promise<DemoPayment | undefined>;
  findByCaptureId(captureId: string): Promise<DemoPayment | undefined>;
  /**
   * Moves a payment out of `from` only if it is still there (compare-and-set), so two processes can never both
   * move it; the loser gets undefined.
   */
  transition(
    ref: string,
    from: DemoPaymentState,
    to: { state: DemoPaymentState; captureId?: string },
  ): Promise<DemoPayment | undefined>;
  /**
   * Records a refund atomically: an idempotency key already used for this capture answers that refund again, and a
   * refund that would take the capture's refunds past `limitCents` is not recorded (undefined).
   */
  addRefund(refund: DemoRefund, limitCents: number): Promise<DemoRefund | undefined>;
  /** What the capture's refunds come to. */
  refundedCents(captureId: string): Promise<number>;
}

export function createMemoryDemoPaymentStore(): DemoPaymentStore {
  const payments = new Map<string, DemoPayment>();
  const refunds: DemoRefund[] = [];
  return {
    async insert(payment) {
      if (payments.has(payment.ref)) throw new Error(`demo payment ${payment.ref} exists`);
      payments.set(payment.ref, { ...payment });
    },
    async find(ref) {
      const payment = payments.get(ref);
      return payment && { ...payment };
    },
    async findByCaptureId(captureId) {
      const payment = [...payments.values()].find((p) => p.captureId === captureId);
      return payment && { ...payment };
    },
    async transition(ref, from, to) {
      const payment = payments.get(ref);
      if (!payment || payment.state !== from) return undefined;
      payment.state = to.state;
      if (to.captureId !== undefined) payment.captureId = to.captureId;
      return { ...payment };
    },
    async addRefund(refund, limitCents) {
      const ofCapture = refunds.filter((r) => r.captureId === refund.captureId);
      const replay = ofCapture.find((r) => r.idempotencyKey === refund.idempotencyKey);
      if (replay) return { ...replay };
      const refunded = ofCapture.reduce((sum, r) => sum + r.amountCents, 0);
      if (refunded + refund.amountCents > limitCents) return undefined;
      refunds.push({ ...refund });
      return { ...refund };
    },
    async refundedCents(captureId) {
      return refunds.filter((r) => r.captureId === captureId).reduce((sum, r) => sum + r.amountCents, 0);
    },
  };
}
