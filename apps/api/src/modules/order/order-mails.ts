import { orderReference } from '@storefront/contract/order-reference';
import { formatAbn } from '@storefront/contract/abn';
import { isTaxInvoice } from '@storefront/contract/gst';
import { STORE_TIME_ZONE } from '@storefront/contract/limits';
import { isStillToBePacked, substitutionNote } from '@storefront/contract/substitutes';
import { orderAddress, type OrderAddress } from '@storefront/contract/order';
import { providerNames, refundNote, type CancelRefund } from '@storefront/contract/refund';
import { deductionText, paidWithText, restOfTotalLabel } from '@storefront/contract/payment-rows';
import { fullName } from '@storefront/contract/person-name';
import { formatStoreMoment } from '@storefront/contract/store-time';
import { formatAddress } from '@storefront/contract/address-lines';
import type { Executor } from '../../db/client.js';
import { together } from '../../db/together.js';
import { findCustomerById, type CustomerRow } from '../account/account.repo.js';
import { describeWindow, findDeliveryWindow } from '../delivery/delivery.service.js';
import { formatAud, type MailBlock } from '../mail/mail-layout.js';
import { insertMail, withdrawPendingMail, type NewMail } from '../mail/outbox.repo.js';
import type { DeliveryWindowRow } from '../delivery/delivery.repo.js';
import { listOrderLines, type OrderLineRow, type OrderRow } from './order.repo.js';
import { payByOf, totalsOf } from './order.service.js';
import { storeUrl } from '../../lib/store-url.js';

/** What happened to the order that the customer is told about. */
export type OrderEvent =
  | { kind: 'placed' }
  /** A provider took what was left to pay (named in the mail, as on the order's page). */
  | { kind: 'paid'; provider: keyof typeof providerNames }
  | {
      kind: 'cancelled';
      refund: CancelRefund;
      /** A payment was started and the provider has not said what became of it. */
      paymentUndecided: boolean;
      /** The store cancelled it, left unpaid past its time to pay (not the customer). */
      byStore: boolean;
    }
  | { kind: 'address-changed' }
  /** Packed: what went short or was substituted, what that gave back, and the GST on what is delivered. */
  | { kind: 'packed'; refundCents: number; byProvider: number; asCredit: number; deliveredGst: number | null }
  | { kind: 'out-for-delivery' }
  | { kind: 'shipped'; trackingReference: string }
  | { kind: 'delivered' }
  /** The shop gave money back after packing (damaged goods, a complaint). */
  | { kind: 'refunded'; amountCents: number; byProvider: number; asCredit: number; reason: string }
  /** A provider took money the order is not owed (paid already, or cancelled); it is being given back. */
  | { kind: 'payment-returned'; amountCents: number; provider: keyof typeof providerNames };

export type OrderMailSettings = {
  publicUrl: string;
  unpaidMinutes: number;
  /** The shop's ABN: with it, the mail of a paid order is a tax invoice. */
  abn: string | null;
};

/** Unique to the order: its mail is found by it, to be withdrawn once the order no longer awaits payment. */
const awaitingPaymentSubject = (ref: string) => `We have your order ${ref}: it awaits payment`;

function addressLine(a: OrderAddress): string {
  return [fullName(a), formatAddress(a)].filter(Boolean).join(', ');
}

function orderBlocks(order: OrderRow, lines: OrderLineRow[]): MailBlock[] {
  const totals = totalsOf(order);
  const rows = [
    { label: 'Subtotal', value: formatAud(totals.subtotal) },
    ...(totals.discount > 0 ? [{ label: 'Discount', value: deductionText(totals.discount, formatAud) }] : []),
    {
      label: `Delivery (${order.shippingService === 'express' ? 'express' : 'standard'})`,
      value: totals.shipping === 0 ? 'Free' : formatAud(totals.shipping),
    },
    { label: 'Total', value: formatAud(totals.total), strong: true },
    ...(totals.gst === null ? [] : [{ label: 'Includes GST', value: formatAud(totals.gst) }]),
    ...(totals.creditUsed > 0
      ? [
          { label: 'Paid with store credit', value: deductionText(totals.creditUsed, formatAud) },
          ...(totals.amountDue > 0
            ? [
                {
                  label: restOfTotalLabel({ status: order.status, isPaid: order.paidAt !== null }),
                  value: formatAud(totals.amountDue),
                },
              ]
            : []),
        ]
      : []),
  ];
  // A tax invoice shows which sales are taxable: those lines are marked.
  const marksTaxable = lines.some((l) => l.gstFree === false);
  const substitutes = isStillToBePacked(order.status) ? substitutionNote(lines) : null;
  // A cancelled order goes nowhere: its address and the driver's instructions are not repeated.
  const isDelivered = order.status !== 'cancelled';
  return [
    {
      kind: 'rows',
      rows: lines.map((l) => {
        const mark = l.gstFree === false ? ' #' : '';
        // Once packed, the invoice lists what was delivered: how many, and what went instead at what price.
        if (l.packedQuantity !== null) {
          const name = l.substituteName === null ? l.name : `${l.substituteName} (instead of ${l.name})`;
          const price = l.substitutePriceCents ?? l.unitPriceCents;
          const short = l.packedQuantity < l.quantity ? ` (${l.quantity} ordered)` : '';
          return {
            label: `${name} × ${l.packedQuantity}${short}${mark}`,
            value: formatAud(price * l.packedQuantity),
          };
        }
        return {
          label: `${l.name} × ${l.quantity}${mark}${l.allowSubstitute === false ? ' (no substitute)' : ''}`,
          value: formatAud(l.unitPriceCents * l.quantity),
        };
      }),
    },
    ...(marksTaxable ? [{ kind: 'paragraph' as const, text: '# Price includes GST.' }] : []),
    ...(substitutes ? [{ kind: 'paragraph' as const, text: substitutes }] : []),
    { kind: 'rows', rows },
    ...(isDelivered ? deliveryBlocks(order) : []),
  ];
}

function deliveryBlocks(order: OrderRow): MailBlock[] {
  return [
    { kind: 'paragraph', text: `Delivering to ${addressLine(orderAddress.parse(order.shippingAddress))}.` },
    ...(order.deliveryNotes
      ? [{ kind: 'paragraph' as const, text: `Your instructions for the driver: ${order.deliveryNotes}` }]
      : []),
    ...(order.leaveUnattended
      ? [{ kind: 'paragraph' as const, text: 'If nobody is home, the driver may leave it at the door.' }]
      : []),
  ];
}

/** Something is left to pay for the order, and can still be paid: its mail links to its payment page. */
const awaitsPayment = (order: OrderRow) =>
  order.status === 'pending_payment' && totalsOf(order).amountDue > 0;

function content(event: OrderEvent, order: OrderRow, lines: OrderLineRow[], settings: OrderMailSettings) {
  const ref = orderReference(order.id);
  const amountDue = totalsOf(order).amountDue;
  switch (event.kind) {
    case 'placed':
      return order.status === 'pending_payment'
        ? {
            subject: awaitingPaymentSubject(ref),
            heading: `Order ${ref} is waiting for payment`,
            lead: `Pay ${formatAud(amountDue)} by ${formatStoreMoment(payByOf(order, settings.unpaidMinutes * 60_000))}, or the order is cancelled and its items go back on the shelf.`,
          }
        : {
            subject: `Order ${ref} is confirmed`,
            heading: `Thanks, order ${ref} is confirmed`,
            lead: 'It is paid and we are getting it ready.',
          };
    case 'paid':
      return {
        subject: `Order ${ref} is paid and confirmed`,
        heading: `Thanks, order ${ref} is paid`,
        lead: `We received ${formatAud(amountDue)} and are getting your order ready.`,
      };
    case 'cancelled': {
      // The customer did not cancel it: say why it was.
      const why = event.byStore
        ? `It was not paid within ${settings.unpaidMinutes} minutes of ordering, so we cancelled it and its items went back on the shelf. `
        : '';
      const refund = refundNote(event.refund, formatAud);
      return {
        subject: `Order ${ref} is cancelled`,
        heading: `Order ${ref} is cancelled`,
        lead:
          why +
          (refund ??
            (event.paymentUndecided
              ? 'Nothing was paid for it. If the payment you started still goes through, we give it back and mail you.'
              : 'Nothing was paid for it, so nothing is owed.')),
      };
    }
    case 'payment-returned': {
      const amount = formatAud(event.amountCents);
      const via = providerNames[event.provider];
      return {
        subject: `Order ${ref}: we are giving back ${amount}`,
        heading: `${amount} is on its way back to you`,
        lead: `${via} took ${amount} for order ${ref} after it was ${order.status === 'cancelled' ? 'cancelled' : 'paid'}. We are giving it back through ${via}; refunds to a card can take a few business days to show.`,
      };
    }
    case 'packed': {
      const short = lines.filter(
        (l) => l.packedQuantity !== null && l.packedQuantity < l.quantity && l.substituteProductId === null,
      );
      const swapped = lines.filter((l) => l.substituteProductId !== null);
      const parts = [
        swapped.length > 0
          ? `${swapped.map((l) => `${l.substituteName} instead of ${l.name}`).join(', ')}`
          : null,
        short.length > 0 ? `fewer than ordered of ${short.map((l) => l.name).join(', ')}` : null,
      ].filter(Boolean);
      const back =
        event.refundCents > 0
          ? ` ${formatAud(event.refundCents)} comes back to you${event.byProvider > 0 ? ` (${formatAud(event.byProvider)} to your card or account` : ' ('}${event.asCredit > 0 ? `${event.byProvider > 0 ? ', ' : ''}${formatAud(event.asCredit)} as store credit` : ''}).`
          : '';
      return {
        subject: `Order ${ref} is packed`,
        heading: `Order ${ref} is packed`,
        lead:
          (parts.length > 0
            ? `We packed your order with ${parts.join('; ')}.`
            : 'We packed everything you ordered.') +
          back +
          (event.deliveredGst === null ? '' : ` GST on what we deliver: ${formatAud(event.deliveredGst)}.`),
      };
    }
    case 'out-for-delivery':
      return {
        subject: `Order ${ref} is on its way`,
        heading: `Order ${ref} is out for delivery`,
        lead: 'Our driver has it and is on the way to you.',
      };
    case 'shipped':
      return {
        subject: `Order ${ref} has shipped`,
        heading: `Order ${ref} has shipped`,
        lead: `It is with the courier; its tracking reference is ${event.trackingReference}.`,
      };
    case 'delivered':
      return {
        subject: `Order ${ref} is delivered`,
        heading: `Order ${ref} is delivered`,
        lead: 'Enjoy! If anything is wrong with it, reply to this mail and we will put it right.',
      };
    case 'refunded':
      return {
        subject: `Order ${ref}: we are giving back ${formatAud(event.amountCents)}`,
        heading: `${formatAud(event.amountCents)} is on its way back to you`,
        lead: `For order ${ref}: ${event.reason}. ${event.byProvider > 0 ? `${formatAud(event.byProvider)} goes back the way you paid (a card refund can take a few business days)` : ''}${event.byProvider > 0 && event.asCredit > 0 ? ' and ' : ''}${event.asCredit > 0 ? `${formatAud(event.asCredit)} is in your store credit` : ''}.`,
      };
    case 'address-changed':
      return {
        subject: `Order ${ref} has a new delivery address`,
        heading: `Order ${ref} now goes to a new address`,
        lead: 'If you did not change it, sign in and check your account straight away.',
      };
  }
}

/**
 * The mail that tells the customer the sale is made is its tax invoice: the one confirming payment, or confirming
 * an order placed already paid. Later mails about the order (a new address, a refund) are not further invoices.
 */
function isInvoiceMail(event: OrderEvent, order: OrderRow): boolean {
  const confirmsSale = event.kind === 'paid' || (event.kind === 'placed' && order.paidAt !== null);
  return (
    confirmsSale && isTaxInvoice({ status: order.status, isPaid: order.paidAt !== null, gst: order.gstCents })
  );
}

// A tax invoice states its date of issue (the day of the mail confirming the sale, the store's day).
const issueDayFormat = new Intl.DateTimeFormat('en-AU', {
  timeZone: STORE_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/**
 * The mail confirming the sale says who took the payment and when, as the order's page does: the provider that took
 * what was left to pay, or store credit for an order it paid in full.
 */
function paidWithBlocks(event: OrderEvent, order: OrderRow): MailBlock[] {
  if (order.paidAt === null) return [];
  const provider = event.kind === 'paid' ? event.provider : event.kind === 'placed' ? null : undefined;
  if (provider === undefined) return [];
  return [{ kind: 'paragraph', text: `${paidWithText(provider, issueDayFormat.format(order.paidAt))}.` }];
}

/** Whom an order's mail goes to, and the name it greets them by. */
export type MailRecipient = Pick<CustomerRow, 'email' | 'firstName'>;

/** The order a mail is about, as just written, with what the caller already holds of it; the rest is read. */
export type OrderMailSubject = {
  order: OrderRow;
  customer?: MailRecipient;
  lines?: OrderLineRow[];
  window?: DeliveryWindowRow | null;
};

/**
 * Writes the customer's mail about an order event in the caller's transaction, so it goes out only if the change
 * it reports was committed.
 */
export async function queueOrderMail(
  tx: Executor,
  about: OrderMailSubject,
  event: OrderEvent,
  settings: OrderMailSettings,
  now: Date,
): Promise<void> {
  const { order } = about;
  const windowId = order.status === 'cancelled' ? null : order.deliveryWindowId;
  const [customer, lines, window] = await together([
    about.customer ?? findCustomerById(tx, order.customerId),
    about.lines ?? listOrderLines(tx, [order.id]),
    windowId === null ? null : (about.window ?? findDeliveryWindow(tx, windowId)),
    // Paid or cancelled before its mail went out (it waits for a retry), the order no longer awaits payment.
    (event.kind === 'paid' || event.kind === 'cancelled') &&
      withdrawPendingMail(
        tx,
        { topic: 'order-placed', subject: awaitingPaymentSubject(orderReference(order.id)) },
        `the order was ${event.kind} before it was sent`,
      ),
  ]);
  if (!customer) return;
  await insertMail(
    tx,
    orderMail({ order, lines, window: window ?? null, customer }, event, settings, now),
    now,
  );
}

/** The customer's mail about an order event, made from everything it shows. */
export function orderMail(
  about: {
    order: OrderRow;
    lines: OrderLineRow[];
    window: DeliveryWindowRow | null;
    customer: MailRecipient;
  },
  event: OrderEvent,
  settings: OrderMailSettings,
  now: Date,
): NewMail {
  const { order, lines, window, customer } = about;
  const c = content(event, order, lines, settings);
  const link = storeUrl(settings.publicUrl, `/account/orders/${order.id}`).toString();
  const isPayNow = event.kind === 'placed' && awaitsPayment(order);
  return {
    topic: `order-${event.kind}`,
    to: customer.email,
    orderId: order.id,
    layout: {
      subject: c.subject,
      heading: c.heading,
      blocks: [
        { kind: 'paragraph', text: `Hi ${customer.firstName},` },
        { kind: 'paragraph', text: c.lead },
        ...(isPayNow
          ? [
              {
                kind: 'action' as const,
                label: 'Pay now',
                url: storeUrl(settings.publicUrl, `/checkout/pay/${order.id}`).toString(),
              },
            ]
          : []),
        ...paidWithBlocks(event, order),
        ...orderBlocks(order, lines),
        ...(window
          ? [{ kind: 'paragraph' as const, text: `Delivery window: ${describeWindow(window)}.` }]
          : []),
        { kind: isPayNow ? 'link' : 'action', label: 'See your order', url: link },
      ],
      footer: [
        ...(settings.abn && isInvoiceMail(event, order)
          ? [
              `Tax invoice · Harbour Grocer · ABN ${formatAbn(settings.abn)} · issued ${issueDayFormat.format(now)}`,
            ]
          : []),
        'You get this mail because you ordered from Harbour Grocer.',
      ],
    },
  };
}
