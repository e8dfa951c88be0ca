// No zod here: an order's page and its mails name the part of its total that store credit did not pay alike.
import type { OrderStatus } from './order.js';
import type { PaymentProvider } from './payment.js';
import { providerNames } from './refund.js';

/**
 * What became of the part of an order's total store credit did not pay, as the order stands: paid, still to pay, or
 * (cancelled unpaid) not paid.
 */
export function restOfTotalLabel(order: {
  status: OrderStatus;
  isPaid: boolean;
}): 'Paid' | 'To pay' | 'Not paid' {
  if (order.isPaid) return 'Paid';
  return order.status === 'pending_payment' ? 'To pay' : 'Not paid';
}

/**
 * An amount taken off a total (a discount, store credit), as every page, print and mail shows it: with a minus sign
 * (U+2212, read as "minus"), "−$20.25". `formatMoney` writes cents as the caller shows money ("$20.25").
 */
export function deductionText(cents: number, formatMoney: (cents: number) => string): string {
  return `\u2212${formatMoney(cents)}`;
}

/**
 * Who took a paid order's payment and on which day, as its page and its paid mail say it: "Paid with PayPal on
 * 27 Nov 2026". No provider: store credit paid it all. `day` is the store's day it was paid, as the caller writes days.
 */
export function paidWithText(provider: PaymentProvider | null, day: string): string {
  return `Paid with ${provider ? providerNames[provider] : 'store credit'} on ${day}`;
}
