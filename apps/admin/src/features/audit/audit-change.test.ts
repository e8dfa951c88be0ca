import { describe, expect, it } from 'vitest';
import { describeAction, listChanges } from './audit-change';

/** The rows an entry shows, as "Label: before → after" (or the one side it has). */
function rows(action: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  return listChanges({ action, before, after }).map(({ label, before: was, after: is }) =>
    was !== null && is !== null ? `${label}: ${was} → ${is}` : `${label}: ${is ?? was}`,
  );
}

describe('an audit entry as staff read it', () => {
  it('an update shows only the fields that changed, before and after', () => {
    const changes = listChanges({
      action: 'staff.updated',
      before: { name: 'Pat Picker', role: 'picker', disabled: false, email: 'pat@shop.test' },
      after: { name: 'Pat Picker', role: 'manager', disabled: true, email: 'pat@shop.test' },
    });
    expect(changes).toEqual([
      { field: 'role', label: 'Role', before: 'Picker', after: 'Manager' },
      { field: 'disabled', label: 'Disabled', before: 'No', after: 'Yes' },
    ]);
  });

  it('a creation shows every field it was given', () => {
    const changes = listChanges({
      action: 'staff.created',
      before: null,
      after: { email: 'new@shop.test', mfaEnabled: false },
    });
    expect(changes).toEqual([
      { field: 'email', label: 'Email', before: null, after: 'new@shop.test' },
      { field: 'mfaEnabled', label: 'Two-factor', before: null, after: 'No' },
    ]);
  });

  it('names actions and fields it does not know in plain words', () => {
    expect(describeAction('staff.created')).toBe('Added a staff member');
    expect(describeAction('order.refund_issued')).toBe('Order refund issued');
    expect(rows('thing.made', null, { lastSignInAt: null, tags: ['a', 'b'], blob: { x: 1 } })).toEqual([
      'Last sign in at: —',
      'Tags: a, b',
      'Blob: {"x":1}',
    ]);
  });

  it.each([
    ['product.create', 'Added a product'],
    ['product.update', 'Changed product'],
    ['product.stock', 'Adjusted stock'],
    ['product.image', 'Uploaded an image'],
    ['product.import', 'Imported products'],
    ['delivery_template.create', 'Added a delivery window'],
    ['delivery_template.update', 'Changed a delivery window'],
    ['delivery_closure.create', 'Closed a delivery day'],
    ['delivery_closure.delete', 'Reopened a delivery day'],
    ['delivery_zone.update', "Changed a zone's minimum order"],
    ['coupon.create', 'Made a coupon'],
    ['coupon.update', 'Changed a coupon'],
    ['coupon.end', 'Ended a coupon'],
    ['coupon.give', 'Gave a coupon to customers'],
    ['voucher.batch.create', 'Made gift vouchers'],
    ['customer.disabled', 'Disabled a customer account'],
    ['customer.enabled', 'Enabled a customer account'],
    ['customer.verification_mail_sent', 'Resent the email address check'],
    ['customer.password_reset_mail_sent', 'Sent a password reset link'],
    ['staff.mfa_enrolment_started', 'Began turning on two-factor sign-in'],
    ['order.picking', 'Started picking an order'],
    ['order.packed', 'Packed an order'],
    ['order.out_for_delivery', 'Sent an order out for delivery'],
    ['order.shipped', 'Shipped an order'],
    ['order.delivered', 'Marked an order delivered'],
    ['order.cancelled', 'Cancelled an order'],
    ['order.refunded', 'Refunded an order'],
  ])('%s reads "%s"', (action, words) => {
    expect(describeAction(action)).toBe(words);
  });
});

describe('a product change as staff read it', () => {
  it('a price and a special read in dollars, the special from and to by the store clock', () => {
    expect(
      rows(
        'product.update',
        { price: 550, special: null },
        {
          price: 600,
          special: { price: 450, startsAt: '2026-11-30T22:00:00.000Z', endsAt: '2026-12-07T13:00:00.000Z' },
        },
      ),
    ).toEqual(['Price: $5.50 → $6.00', 'Special: None → $4.50 from 1 Dec 9:00 am to 8 Dec']);
  });

  it('a special ending in the afternoon names its time', () => {
    expect(
      rows('product.update', null, {
        special: { price: 1999, startsAt: '2026-07-01T00:00:00+10:00', endsAt: '2026-07-03T17:30:00+10:00' },
      }),
    ).toEqual(['Special: $19.99 from 1 July to 3 July 5:30 pm']);
  });

  it('allergens are joined with commas and booleans read yes or no', () => {
    expect(
      rows(
        'product.update',
        { allergensContains: ['milk'], allergensMayContain: [], gstFree: false, isActive: true },
        {
          allergensContains: ['milk', 'tree nuts'],
          allergensMayContain: ['sesame'],
          gstFree: true,
          isActive: false,
        },
      ),
    ).toEqual([
      'Contains: milk → milk, tree nuts',
      'May contain: None → sesame',
      'GST-free: No → Yes',
      'Active: Yes → No',
    ]);
  });

  it('a new product leaves out its id, version and stamps, and reads its aisle, weight and unit price', () => {
    const shown = rows('product.create', null, {
      productID: 12,
      sku: 'MILK-2L',
      category: 'dairy',
      weightGrams: 2100,
      unitPrice: { cents: 215, per: '1L' },
      version: 1,
      updatedAt: '2026-11-30T22:00:00.000Z',
      thumbnailUrl: '/images/x-200.webp',
    });
    expect(shown).toEqual([
      'SKU: MILK-2L',
      'Aisle: Dairy & eggs',
      'Weight: 2,100 g',
      'Unit price: $2.15 per 1L',
    ]);
  });

  it('a stock adjustment names its reason in words and keeps the note as typed', () => {
    expect(
      rows('product.stock', { stock: 1200 }, { stock: 1224, reason: 'received', note: 'pallet_2 in' }),
    ).toEqual(['Stock: 1,200 → 1,224', 'Reason: Received', 'Note: pallet_2 in']);
  });

  it('an import reads its counts as one sentence', () => {
    expect(rows('product.import', null, { rows: 2000, created: 12, updated: 3, unchanged: 1985 })).toEqual([
      'Rows: 2,000',
      'Products: 12 created, 3 updated, 1,985 unchanged',
    ]);
  });
});

describe('a delivery change as staff read it', () => {
  it('a window reads its days, times, price difference and cut-off in words', () => {
    expect(
      rows('delivery_template.create', null, {
        templateID: 4,
        zone: 'metro',
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        startTime: '09:00',
        endTime: '13:30',
        priceDelta: 0,
        cutoffMinutes: 90,
        isActive: true,
      }),
    ).toEqual([
      'Zone: Metro',
      'Days: Mon, Tue, Wed, Thu, Fri, Sat, Sun',
      'Starts: 9:00 am',
      'Ends: 1:30 pm',
      'Price difference: $0.00',
      'Booking closes: 1 h 30 min before it starts',
      'Active: Yes',
    ]);
  });

  it('a changed window shows a price difference in dollars, below zero too', () => {
    expect(
      rows(
        'delivery_template.update',
        { priceDelta: 0, weekdays: [6] },
        { priceDelta: -250, weekdays: [6, 7] },
      ),
    ).toEqual(['Price difference: $0.00 → -$2.50', 'Days: Sat → Sat, Sun']);
  });

  it("a zone's minimum order reads in dollars", () => {
    expect(rows('delivery_zone.update', { minimumOrder: 0 }, { minimumOrder: 3000 })).toEqual([
      'Minimum order: $0.00 → $30.00',
    ]);
  });

  it('a closed day reads as a store day, for every zone when it names none', () => {
    expect(
      rows('delivery_closure.create', null, { date: '2026-12-25', zone: null, reason: 'Christmas' }),
    ).toEqual(['Date: Friday 25 December 2026', 'Zone: Every zone', 'Reason: Christmas']);
  });
});

describe('an offer change as staff read it', () => {
  const coupon = {
    code: 'SUMMER5',
    kind: 'fixed',
    value: 500,
    minSpend: 0,
    startsAt: '2026-11-30T13:00:00.000Z',
    usageLimit: null,
    isPersonal: false,
  };

  it('a dollars-off coupon reads its value and minimum spend in dollars, its limits in words', () => {
    expect(rows('coupon.create', null, coupon)).toEqual([
      'Code: SUMMER5',
      'Kind: Dollars off',
      'Discount: $5.00',
      'Minimum spend: $0.00',
      'Starts: 1 Dec 2026, 12:00 am AEDT',
      'Uses in all: No limit',
      'Personal: No',
    ]);
  });

  it('a percent coupon reads its value as a percentage, even when only the value changed', () => {
    expect(
      rows(
        'coupon.update',
        { ...coupon, kind: 'percent', value: 10 },
        { ...coupon, kind: 'percent', value: 15 },
      ),
    ).toEqual(['Discount: 10% → 15%']);
  });

  it('a coupon given lists the customers it went to', () => {
    expect(rows('coupon.give', null, { code: 'SUMMER5', customerIDs: [7, 12] })).toEqual([
      'Code: SUMMER5',
      'Customers: #7, #12',
    ]);
  });

  it('a voucher batch reads its amount in dollars and its expiry by the store clock', () => {
    expect(
      rows('voucher.batch.create', null, {
        label: 'xmas-2026',
        count: 1500,
        amount: 2500,
        expiresAt: '2027-06-30T13:59:00.000Z',
      }),
    ).toEqual([
      'Label: xmas-2026',
      'Vouchers: 1,500',
      'Amount each: $25.00',
      'Expires: 30 June 2027, 11:59 pm AEST',
    ]);
  });
});

describe('customer and order entries as staff read them', () => {
  it('a disabled account reads its status in words and keeps the reason as typed', () => {
    expect(
      rows('customer.disabled', { status: 'active' }, { status: 'disabled', reason: 'chargeback_fraud' }),
    ).toEqual(['Status: Active → Disabled', 'Reason: chargeback_fraud']);
  });

  it('a refund reads in dollars and a packed order lists its lines', () => {
    expect(
      rows(
        'order.refunded',
        { refunded: 0 },
        { refunded: 350, amountCents: 350, reason: 'Bruised', lineID: 12 },
      ),
    ).toEqual(['Refunded in all: $0.00 → $3.50', 'Amount: $3.50', 'Reason: Bruised', 'Product: 12']);
    expect(
      rows(
        'order.packed',
        { status: 'picking' },
        {
          status: 'out_for_delivery',
          lines: [
            { lineID: 12, packedQuantity: 2, substituteProductID: null },
            { lineID: 14, packedQuantity: 1, substituteProductID: 20 },
          ],
        },
      ),
    ).toEqual([
      'Status: Picking → Out for delivery',
      'Packed (product × quantity): #12 × 2, #14 × 1 (swapped for #20)',
    ]);
  });
});
