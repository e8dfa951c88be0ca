import type { OrderDetail } from '@storefront/contract/order';
import { makeAddress } from './address';

/** Where the test orders go and are billed: an address of the book as the order keeps it. */
const {
  isDefaultShipping: _shipping,
  isDefaultBilling: _billing,
  ...ADDRESS
} = makeAddress({
  addressID: 3,
  line1: '1 Macquarie St',
});

/** A paid order of nothing in particular, with `overrides` over it: every field the page reads is there. */
export function makeOrderDetail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    orderID: 12,
    status: 'paid',
    lines: [],
    totals: { subtotal: 1000, discount: 0, shipping: 0, creditUsed: 0, total: 1000, amountDue: 1000, gst: 0 },
    shippingService: 'standard',
    shippingAddress: ADDRESS,
    billingAddress: ADDRESS,
    couponCode: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    paidAt: '2026-11-20T10:01:00.000Z',
    cancelledAt: null,
    canCancel: true,
    cancelBy: null,
    canChangeAddress: true,
    deliveryWindow: null,
    canChangeWindow: false,
    canChangeNotes: true,
    canChangeSubstitutes: true,
    payBy: null,
    deliveryNotes: null,
    leaveUnattended: false,
    cancellation: null,
    paidWith: 'paypal',
    paymentPendingWith: null,
    history: [
      { status: 'pending_payment', at: '2026-11-20T10:00:00.000Z' },
      { status: 'paid', at: '2026-11-20T10:01:00.000Z' },
    ],
    refunds: [],
    trackingReference: null,
    ...overrides,
  };
}
