/** What PayPal's webhook events about captures and refunds (Payments v2) tell the store. */
import { z } from 'zod';
import { decimalToCents, MoneyFormatError } from '../money.js';

export type CaptureOutcome = 'captured' | 'pending' | 'declined';

/** A capture PayPal completed, held for review, or denied (PAYMENT.CAPTURE.COMPLETED, .PENDING, .DENIED, .DECLINED). */
export interface CaptureSettlement {
  /** PayPal's order id, which is the payment's `providerRef`; undefined when the event does not name it. */
  providerRef: string | undefined;
  captureId: string;
  outcome: CaptureOutcome;
  /** Undefined when the amount is not in AUD or cannot be read. */
  amountCents: number | undefined;
  /** The order reference the payment was started with (PayPal's invoice id), when the event carries it. */
  invoiceId: string | undefined;
}

/**
 * A refund of a capture: one PayPal completed, still pending, or failed (PAYMENT.CAPTURE.REFUNDED, by the refund's
 * status), or a capture PayPal itself gave back to the payer (PAYMENT.CAPTURE.REVERSED, e.g. a dispute lost).
 */
export type RefundOutcome = 'refunded' | 'pending' | 'failed' | 'reversed';

export interface RefundSettlement {
  captureId: string;
  refundId: string;
  outcome: RefundOutcome;
  amountCents: number | undefined;
  invoiceId: string | undefined;
}

/** What the store does with an event; the order module supplies it (app.ts). */
export interface PaymentSettlements {
  captureSettled(capture: CaptureSettlement): Promise<void>;
  refundSettled(refund: RefundSettlement): Promise<void>;
}

export type PayPalEvent = {
  id: string;
  type: string;
  settlement:
    | { kind: 'capture'; capture: CaptureSettlement }
    | { kind: 'refund'; refund: RefundSettlement }
    /** An event the store does not act on, or one whose resource it cannot read. */
    | null;
};

const CAPTURE_EVENTS: Record<string, CaptureOutcome> = {
  'PAYMENT.CAPTURE.COMPLETED': 'captured',
  'PAYMENT.CAPTURE.PENDING': 'pending',
  'PAYMENT.CAPTURE.DENIED': 'declined',
  'PAYMENT.CAPTURE.DECLINED': 'declined',
};
const REFUND_EVENTS = new Set(['PAYMENT.CAPTURE.REFUNDED', 'PAYMENT.CAPTURE.REVERSED']);

const moneySchema = z.object({ currency_code: z.string(), value: z.string() });
const eventSchema = z.object({ id: z.string().min(1), event_type: z.string().min(1), resource: z.unknown() });
const captureSchema = z.object({
  id: z.string().min(1),
  amount: moneySchema.optional(),
  invoice_id: z.string().optional(),
  supplementary_data: z
    .object({ related_ids: z.object({ order_id: z.string().optional() }).optional() })
    .optional(),
});
const refundSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  amount: moneySchema.optional(),
  invoice_id: z.string().optional(),
  links: z.array(z.object({ href: z.string(), rel: z.string() })).default([]),
});

/** A verified event's body; undefined when it is not an event at all. */
export function readPayPalEvent(rawBody: string): PayPalEvent | undefined {
  const parsed = eventSchema.safeParse(parseJson(rawBody));
  if (!parsed.success) return undefined;
  const { id, event_type: type, resource } = parsed.data;
  const outcome = CAPTURE_EVENTS[type];
  if (outcome) {
    const capture = captureSchema.safeParse(resource);
    if (!capture.success) return { id, type, settlement: null };
    const { data } = capture;
    return {
      id,
      type,
      settlement: {
        kind: 'capture',
        capture: {
          providerRef: data.supplementary_data?.related_ids?.order_id,
          captureId: data.id,
          outcome,
          amountCents: audCents(data.amount),
          invoiceId: data.invoice_id,
        },
      },
    };
  }
  if (REFUND_EVENTS.has(type)) {
    const refund = refundSchema.safeParse(resource);
    const captureId = refund.success ? capturedBy(refund.data.links) : undefined;
    if (!refund.success || !captureId) return { id, type, settlement: null };
    const { data } = refund;
    return {
      id,
      type,
      settlement: {
        kind: 'refund',
        refund: {
          captureId,
          refundId: data.id,
          outcome: type === 'PAYMENT.CAPTURE.REVERSED' ? 'reversed' : refundOutcome(data.status),
          amountCents: audCents(data.amount),
          invoiceId: data.invoice_id,
        },
      },
    };
  }
  return { id, type, settlement: null };
}

function refundOutcome(status: string): RefundOutcome {
  if (status === 'COMPLETED') return 'refunded';
  if (status === 'PENDING') return 'pending';
  return 'failed';
}

/** A refund names its capture only by its `up` link (…/v2/payments/captures/{id}). */
function capturedBy(links: { href: string; rel: string }[]): string | undefined {
  const up = links.find((link) => link.rel === 'up')?.href;
  const id =
    up && URL.canParse(up) ? /\/v2\/payments\/captures\/([^/]+)$/.exec(new URL(up).pathname)?.[1] : undefined;
  return id ? decodeURIComponent(id) : undefined;
}

function audCents(money: z.infer<typeof moneySchema> | undefined): number | undefined {
  if (money?.currency_code !== 'AUD') return undefined;
  try {
    return decimalToCents(money.value);
  } catch (error) {
    if (error instanceof MoneyFormatError) return undefined;
    throw error;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
