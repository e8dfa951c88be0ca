import { describe, expect, it } from 'vitest';
import { gstIncluded, isTaxInvoice } from './gst.js';

const taxable = (lineTotal: number) => ({ lineTotal, gstFree: false });
const gstFree = (lineTotal: number) => ({ lineTotal, gstFree: true });

describe('gstIncluded', () => {
  it('is a tenth of the price before GST, one eleventh of a taxable price', () => {
    expect(gstIncluded({ lines: [taxable(1100)], discount: 0, shipping: 0 })).toBe(100);
  });

  it('is nothing on an order of GST-free food, delivery included', () => {
    expect(gstIncluded({ lines: [gstFree(1000), gstFree(550)], discount: 0, shipping: 900 })).toBe(0);
  });

  it('counts only the taxable lines of a mixed order', () => {
    expect(gstIncluded({ lines: [taxable(2200), gstFree(5000)], discount: 0, shipping: 0 })).toBe(200);
  });

  it('shares a discount between taxable and GST-free goods by their value', () => {
    // A quarter of the goods are taxable, so a quarter of the $8 off comes off them: (2000 - 200) / 11.
    expect(gstIncluded({ lines: [taxable(2000), gstFree(6000)], discount: 800, shipping: 0 })).toBe(164);
  });

  it('taxes delivery in the share the goods are taxable', () => {
    // Goods 1100 taxable of 2200: half of the 900 delivery is taxable. (1100 + 450) / 11 = 140.9.
    expect(gstIncluded({ lines: [taxable(1100), gstFree(1100)], discount: 0, shipping: 900 })).toBe(141);
    expect(gstIncluded({ lines: [taxable(1100)], discount: 0, shipping: 990 })).toBe(190);
  });

  it('shares delivery by the goods as priced when the discount took all of them', () => {
    expect(gstIncluded({ lines: [taxable(500), gstFree(500)], discount: 1000, shipping: 1100 })).toBe(50);
  });

  it('taxes the delivery of goods priced at nothing when any of them is taxable', () => {
    expect(gstIncluded({ lines: [taxable(0), gstFree(0)], discount: 0, shipping: 1100 })).toBe(100);
    expect(gstIncluded({ lines: [gstFree(0)], discount: 0, shipping: 1100 })).toBe(0);
  });

  it('rounds once, on the order, to the nearest cent', () => {
    // Three 3-cent taxable lines rounded each would be no GST at all; together 9/11 of a cent is 1 cent.
    expect(gstIncluded({ lines: [taxable(3), taxable(3), taxable(3)], discount: 0, shipping: 0 })).toBe(1);
    expect(gstIncluded({ lines: [taxable(5)], discount: 0, shipping: 0 })).toBe(0);
    expect(gstIncluded({ lines: [taxable(6)], discount: 0, shipping: 0 })).toBe(1);
  });

  it('rounds the whole taxable amount once, not its discount and delivery shares each first', () => {
    // Taxable 1375 × (6175 - 1622 + 1103) / 6175 = 1259.4; / 11 = 114.49. Rounding the shares first made it 115.
    expect(gstIncluded({ lines: [taxable(1375), gstFree(4800)], discount: 1622, shipping: 1103 })).toBe(114);
  });

  it('is within half a cent of an eleventh of any taxable total', () => {
    for (const total of [1, 10, 11, 99, 1000, 123_457]) {
      const gst = gstIncluded({ lines: [taxable(total)], discount: 0, shipping: 0 });
      expect(Math.abs(gst * 11 - total)).toBeLessThanOrEqual(5.5);
    }
  });
});

describe('isTaxInvoice', () => {
  it('is what a paid order is, from payment until delivery', () => {
    for (const status of ['paid', 'picking', 'shipped', 'delivered'] as const)
      expect(isTaxInvoice({ status, isPaid: true, gst: 100 }), status).toBe(true);
  });

  it('is not yet an order awaiting payment, nor one cancelled, nor one without its GST recorded', () => {
    expect(isTaxInvoice({ status: 'pending_payment', isPaid: false, gst: 100 })).toBe(false);
    expect(isTaxInvoice({ status: 'cancelled', isPaid: true, gst: 100 })).toBe(false);
    expect(isTaxInvoice({ status: 'delivered', isPaid: true, gst: null })).toBe(false);
  });
});
