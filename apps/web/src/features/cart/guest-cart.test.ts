import { beforeEach, describe, expect, it } from 'vitest';
import type { CartMergeResult } from '@storefront/contract/cart';
import { CART_LINE_QUANTITY_MAX } from '@storefront/contract/limits';
import {
  addToGuestCart,
  clearGuestCart,
  countGuestItems,
  GUEST_CART_CHANGED,
  GUEST_CART_KEY,
  readGuestCart,
  removeFromGuestCart,
  setGuestQuantity,
} from './guest-cart';
import { describeMerge } from './guest-cart-merge';

let keys = 0;
const nextKey = () => `key-${(keys += 1)}`;

beforeEach(() => localStorage.clear());

describe('the guest cart', () => {
  it('tells this window when it changes, so the header count follows', () => {
    const counts: number[] = [];
    const listen = () => counts.push(countGuestItems(readGuestCart()));
    window.addEventListener(GUEST_CART_CHANGED, listen);
    try {
      addToGuestCart(7, 2, localStorage, nextKey);
      addToGuestCart(9, 1, localStorage, nextKey);
      clearGuestCart('not-the-key');
      clearGuestCart(readGuestCart().key);
    } finally {
      window.removeEventListener(GUEST_CART_CHANGED, listen);
    }
    expect(counts).toEqual([2, 3, 0]);
  });

  it('sums a product added twice and gets a new key with every change', () => {
    addToGuestCart(7, 2, localStorage, nextKey);
    const first = readGuestCart().key;
    addToGuestCart(7, 3, localStorage, nextKey);
    addToGuestCart(9, 1, localStorage, nextKey);
    const cart = readGuestCart();
    expect(cart.items).toEqual([
      { productID: 7, quantity: 5 },
      { productID: 9, quantity: 1 },
    ]);
    expect(cart.key).not.toBe(first);
  });

  it('keeps a line at 99 and refuses a 101st product', () => {
    addToGuestCart(1, 98, localStorage, nextKey);
    addToGuestCart(1, 5, localStorage, nextKey);
    expect(readGuestCart().items).toEqual([{ productID: 1, quantity: 99 }]);
    for (let id = 2; id <= 100; id += 1) addToGuestCart(id, 1, localStorage, nextKey);
    expect(addToGuestCart(101, 1, localStorage, nextKey).isFull).toBe(true);
    expect(readGuestCart().items).toHaveLength(100);
  });

  it('reads garbage or tampered storage as an empty cart or drops the bad lines', () => {
    localStorage.setItem(GUEST_CART_KEY, '{not json');
    expect(readGuestCart().items).toEqual([]);
    localStorage.setItem(
      GUEST_CART_KEY,
      JSON.stringify({
        key: 'k',
        items: [{ productID: 3, quantity: 2 }, { productID: -1, quantity: 1 }, 'x'],
      }),
    );
    expect(readGuestCart()).toEqual({ key: 'k', items: [{ productID: 3, quantity: 2 }] });
  });

  it('is cleared after a merge only if no other tab changed it meanwhile', () => {
    addToGuestCart(1, 1, localStorage, nextKey);
    const merged = readGuestCart().key;
    addToGuestCart(2, 1, localStorage, nextKey);
    clearGuestCart(merged);
    expect(readGuestCart().items).toHaveLength(2);
    clearGuestCart(readGuestCart().key);
    expect(localStorage.getItem(GUEST_CART_KEY)).toBeNull();
  });
});

describe('describeMerge', () => {
  const result = (lines: CartMergeResult['lines']): CartMergeResult => ({
    added: lines.reduce((n, l) => n + l.added, 0),
    lines,
    cart: {
      available: [],
      unavailable: [],
      subtotal: 0,
      count: 0,
      lineCount: 0,
      discount: 0,
      freeShipping: false,
      coupon: null,
      total: 0,
    },
  });

  it('says how many items moved', () => {
    expect(
      describeMerge(result([{ productID: 1, name: 'Pears', asked: 3, added: 3, reason: null }])),
    ).toEqual({
      kind: 'success',
      text: 'We moved 3 items you added before signing in into your cart.',
    });
  });

  it('names what was capped or left out', () => {
    const { kind, text } = describeMerge(
      result([
        { productID: 1, name: 'Pears', asked: 5, added: 2, reason: 'capped' },
        { productID: 2, name: 'Figs', asked: 1, added: 0, reason: 'out_of_stock' },
      ]),
    );
    expect(kind).toBe('warning');
    expect(text).toBe(
      'We moved 2 items you added before signing in into your cart. Pears: 2 of 5 (all we have); Figs: out of stock.',
    );
  });
});

describe('editing the guest cart', () => {
  it('sets a line’s quantity within 1 and the per-line maximum, with a new key each time', () => {
    addToGuestCart(7, 2, localStorage, nextKey);
    addToGuestCart(9, 1, localStorage, nextKey);
    const before = readGuestCart().key;
    setGuestQuantity(7, 5, localStorage, nextKey);
    expect(readGuestCart().items).toEqual([
      { productID: 7, quantity: 5 },
      { productID: 9, quantity: 1 },
    ]);
    expect(readGuestCart().key).not.toBe(before);
    setGuestQuantity(7, 0, localStorage, nextKey);
    setGuestQuantity(9, CART_LINE_QUANTITY_MAX + 5, localStorage, nextKey);
    expect(readGuestCart().items).toEqual([
      { productID: 7, quantity: 1 },
      { productID: 9, quantity: CART_LINE_QUANTITY_MAX },
    ]);
  });

  it('leaves a product that is not in it out, rather than adding it', () => {
    addToGuestCart(7, 2, localStorage, nextKey);
    setGuestQuantity(8, 3, localStorage, nextKey);
    expect(readGuestCart().items).toEqual([{ productID: 7, quantity: 2 }]);
  });

  it('takes products out, tells this window, and forgets the cart with the last one', () => {
    addToGuestCart(7, 2, localStorage, nextKey);
    addToGuestCart(9, 1, localStorage, nextKey);
    const counts: number[] = [];
    const listen = () => counts.push(countGuestItems(readGuestCart()));
    window.addEventListener(GUEST_CART_CHANGED, listen);
    try {
      removeFromGuestCart([9], localStorage, nextKey);
      removeFromGuestCart([9], localStorage, nextKey);
      removeFromGuestCart([7], localStorage, nextKey);
    } finally {
      window.removeEventListener(GUEST_CART_CHANGED, listen);
    }
    expect(counts).toEqual([2, 0]);
    expect(localStorage.getItem(GUEST_CART_KEY)).toBeNull();
  });
});
