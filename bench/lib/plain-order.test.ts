import { describe, expect, it } from 'vitest';
import { creditToSpend, orderMailOf, priceOf, type PlainLine } from './plain-order.js';

const line = (priceCents: number, quantity: number, weightGrams = 250, gstFree = false): PlainLine => ({
  productId: 1,
  sku: 'BENCH-1',
  name: 'Bench product',
  imageUrl: '/products/bench.svg',
  priceCents,
  gstFree,
  weightGrams,
  quantity,
  allowSubstitute: true,
});

const metroStandard = { baseCents: 795, perKgCents: 50, freeOverCents: 10_000 };

describe("the plain baseline's order", () => {
  it('is priced as a window delivery: the standard rate by started kilogram past the first, plus the window fee', () => {
    expect(priceOf([line(500, 6)], metroStandard, 0)).toEqual({
      subtotal: 3000,
      shipping: 845,
      total: 3845,
      gst: 350,
    });
    expect(priceOf([line(500, 4)], metroStandard, 300).shipping).toBe(1095);
  });

  it('ships free from the threshold, the window fee still charged, and GST-free goods carry no GST', () => {
    const free = priceOf([line(5000, 2, 250, true)], metroStandard, 300);
    expect(free).toEqual({ subtotal: 10_000, shipping: 300, total: 10_300, gst: 0 });
  });

  it('spends all the store credit it can, never more than the total nor below nothing', () => {
    expect(creditToSpend(10_000, 3845)).toBe(3845);
    expect(creditToSpend(1000, 3845)).toBe(1000);
    expect(creditToSpend(-200, 3845)).toBe(0);
  });

  it('mails a paid order as confirmed and one awaiting payment with a link to pay', () => {
    const order = {
      id: 42,
      firstName: 'Bench',
      totals: priceOf([line(500, 6)], metroStandard, 0),
      lines: [line(500, 6)],
      address: {
        addressID: 1,
        firstName: 'Bench',
        lastName: 'Customer',
        phone: '0412345678',
        line1: '1 George St',
        line2: null,
        suburbID: 1,
        suburb: 'Sydney',
        state: 'NSW',
        postcode: '2000',
        country: 'AU' as const,
      },
      window: {
        startsAt: new Date('2026-12-01T01:00:00Z'),
        endsAt: new Date('2026-12-01T03:00:00Z'),
        label: null,
      },
      publicUrl: 'http://localhost:3000',
    };
    expect(orderMailOf({ ...order, creditUsed: 3845 }).subject).toBe('Order SO-42 is confirmed');
    const unpaid = orderMailOf({ ...order, creditUsed: 0 });
    expect(unpaid.subject).toBe('We have your order SO-42: it awaits payment');
    expect(JSON.stringify(unpaid.content)).toContain('/checkout/pay/42');
  });
});
