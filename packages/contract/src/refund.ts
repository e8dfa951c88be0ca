// No zod here: a cancelled order's page and its cancellation mail say what this says, in the same words.
import type { PaymentProvider } from './payment.js';

/** What a cancel gave back: a provider's part through it, the rest as store credit (cents). */
export type CancelRefund = { byProvider: number; provider: PaymentProvider | null; asCredit: number };

export const providerNames: Record<PaymentProvider, string> = {
  paypal: 'PayPal',
  afterpay: 'Afterpay',
  demo: 'the demo provider',
};

/**
 * Where the money of a cancelled order went, as one sentence; null when nothing was paid for it. `formatMoney`
 * writes cents as the caller shows money ("$64.35").
 */
export function refundNote(refund: CancelRefund, formatMoney: (cents: number) => string): string | null {
  const parts = [
    refund.byProvider > 0
      ? `${formatMoney(refund.byProvider)} goes back through ${refund.provider ? providerNames[refund.provider] : 'the way you paid'}`
      : null,
    refund.asCredit > 0 ? `${formatMoney(refund.asCredit)} is back in your store credit` : null,
  ].filter((p) => p !== null);
  if (parts.length === 0) return null;
  return `${parts.join(', and ')}.${refund.byProvider > 0 ? ' Refunds to a card can take a few business days to show.' : ''}`;
}
