// What the plain-transaction baseline (plain-checkout.ts) writes for an order, worked out in code as a plain
// handler would: the same columns and values the real checkout writes, without its modules.
import { gstIncluded } from '@storefront/contract/gst';
import { orderReference } from '@storefront/contract/order-reference';

export type PlainLine = {
  productId: number;
  sku: string;
  name: string;
  imageUrl: string;
  priceCents: number;
  gstFree: boolean;
  weightGrams: number;
  quantity: number;
  allowSubstitute: boolean;
};

export type PlainRate = { baseCents: number; perKgCents: number; freeOverCents: number | null };

export type PlainTotals = { subtotal: number; shipping: number; total: number; gst: number };

/**
 * The order's money as the store prices a window delivery: the zone's standard rate (base, then per started
 * kilogram past the first; free from its threshold) plus the window's price difference, GST as the contract works
 * it out.
 */
export function priceOf(lines: PlainLine[], rate: PlainRate, windowFeeCents: number): PlainTotals {
  const subtotal = lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0);
  const weight = lines.reduce((sum, l) => sum + l.weightGrams * l.quantity, 0);
  const isFree = rate.freeOverCents !== null && subtotal >= rate.freeOverCents;
  const ratePrice = rate.baseCents + rate.perKgCents * Math.ceil(Math.max(0, weight - 1000) / 1000);
  const shipping = Math.max(0, (isFree ? 0 : ratePrice) + windowFeeCents);
  const gst = gstIncluded({
    lines: lines.map((l) => ({ lineTotal: l.priceCents * l.quantity, gstFree: l.gstFree })),
    discount: 0,
    shipping,
  });
  return { subtotal, shipping, total: subtotal + shipping, gst };
}

/** Store credit spends all it can, up to the total; a balance below zero spends nothing. */
export function creditToSpend(balance: number, total: number): number {
  return Math.max(0, Math.min(balance, total));
}

export type PlainAddress = {
  addressID: number;
  firstName: string;
  lastName: string;
  phone: string;
  line1: string;
  line2: string | null;
  suburbID: number;
  suburb: string;
  state: string;
  postcode: string;
  country: 'AU';
};

export type PlainWindow = { startsAt: Date; endsAt: Date; label: string | null };

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const when = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'Australia/Sydney',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

/** The order's mail as the outbox keeps it (subject apart, the layout as JSON): the same blocks the store's has. */
export function orderMailOf(order: {
  id: number;
  firstName: string;
  totals: PlainTotals;
  creditUsed: number;
  lines: PlainLine[];
  address: PlainAddress;
  window: PlainWindow;
  publicUrl: string;
}): { subject: string; content: object } {
  const ref = orderReference(order.id);
  const due = order.totals.total - order.creditUsed;
  const link = `${order.publicUrl}/account/orders/${order.id}`;
  const { address: a, totals } = order;
  const heading = due > 0 ? `Order ${ref} is waiting for payment` : `Thanks, order ${ref} is confirmed`;
  return {
    subject: due > 0 ? `We have your order ${ref}: it awaits payment` : `Order ${ref} is confirmed`,
    content: {
      heading,
      blocks: [
        { kind: 'paragraph', text: `Hi ${order.firstName},` },
        {
          kind: 'paragraph',
          text:
            due > 0
              ? `Pay ${money(due)} within the hour, or the order is cancelled and its items go back on the shelf.`
              : 'It is paid and we are getting it ready.',
        },
        ...(due > 0
          ? [{ kind: 'action', label: 'Pay now', url: `${order.publicUrl}/checkout/pay/${order.id}` }]
          : []),
        {
          kind: 'rows',
          rows: order.lines.map((l) => ({
            label: `${l.name} × ${l.quantity}${l.gstFree ? '' : ' #'}`,
            value: money(l.priceCents * l.quantity),
          })),
        },
        { kind: 'paragraph', text: '# Price includes GST.' },
        {
          kind: 'rows',
          rows: [
            { label: 'Subtotal', value: money(totals.subtotal) },
            { label: 'Delivery (standard)', value: totals.shipping === 0 ? 'Free' : money(totals.shipping) },
            { label: 'Total', value: money(totals.total), strong: true },
            { label: 'Includes GST', value: money(totals.gst) },
            ...(order.creditUsed > 0
              ? [{ label: 'Paid with store credit', value: `−${money(order.creditUsed)}` }]
              : []),
          ],
        },
        {
          kind: 'paragraph',
          text: `Delivering to ${a.firstName} ${a.lastName}, ${a.line1}, ${a.suburb} ${a.state} ${a.postcode}.`,
        },
        {
          kind: 'paragraph',
          text: `Delivery window: ${when.format(order.window.startsAt)} – ${when.format(order.window.endsAt)}${order.window.label ? ` (${order.window.label})` : ''}.`,
        },
        { kind: due > 0 ? 'link' : 'action', label: 'See your order', url: link },
      ],
      footer: ['You get this mail because you ordered from Harbour Grocer.'],
    },
  };
}
