import { describe, expect, it } from 'vitest';
import { priceCart, savingsOf } from './price-cart';

// $11.00 taxable and $9.00 GST-free selected, $5.00 taxable not selected; $5.00 off.
const cart = {
  subtotal: 2000,
  discount: 500,
  total: 1500,
  available: [
    { lineTotal: 1100, gstFree: false, selected: true },
    { lineTotal: 900, gstFree: true, selected: true },
    { lineTotal: 500, gstFree: false, selected: false },
  ],
};

describe('priceCart', () => {
  it('adds the delivery price to the discounted total', () => {
    expect(priceCart(cart, { price: 845 })).toEqual({
      subtotal: 2000,
      discount: 500,
      shipping: 845,
      creditUsed: 0,
      total: 2345,
      amountDue: 2345,
      // As checkout works it out: $2.75 of the discount and $4.65 of the delivery are taxable; (825 + 465) / 11.
      gst: 117,
    });
  });

  it('leaves shipping unknown and adds nothing until a delivery option is chosen', () => {
    expect(priceCart(cart, null)).toMatchObject({ shipping: null, total: 1500, amountDue: 1500, gst: null });
  });

  it('spends store credit up to the total and no further', () => {
    expect(priceCart(cart, { price: 500 }, 700)).toMatchObject({
      total: 2000,
      creditUsed: 700,
      amountDue: 1300,
    });
    expect(priceCart(cart, { price: 500 }, 5000)).toMatchObject({
      total: 2000,
      creditUsed: 2000,
      amountDue: 0,
    });
  });

  it('never spends a negative balance', () => {
    expect(priceCart(cart, { price: 0 }, -300)).toMatchObject({ creditUsed: 0, amountDue: 1500 });
  });
});

describe('savingsOf', () => {
  it('adds up what the specials take off the selected lines, per unit and quantity', () => {
    expect(
      savingsOf([
        // $5.00 down to $3.50, two of them: $3.00.
        { price: 350, regularPrice: 500, quantity: 2, selected: true },
        // $2.20 down to $1.10 once: $1.10.
        { price: 110, regularPrice: 220, quantity: 1, selected: true },
        // Not on special, not selected: nothing.
        { price: 400, regularPrice: 400, quantity: 3, selected: true },
        { price: 100, regularPrice: 900, quantity: 5, selected: false },
      ]),
    ).toBe(410);
  });

  it('counts every line of a cart without selection (a guest cart)', () => {
    expect(savingsOf([{ price: 350, regularPrice: 500, quantity: 1 }])).toBe(150);
  });

  it('is nothing when no special is bought', () => {
    expect(savingsOf([])).toBe(0);
  });
});
