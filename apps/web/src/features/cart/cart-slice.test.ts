import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../app/store';
import { selectCartCount } from './cart-slice';

describe('cart', () => {
  it('starts idle and empty in the shape of the spec', () => {
    const store = createAppStore();
    expect(store.getState().cart).toEqual({
      status: 'idle',
      error: null,
      data: { available: [], unavailable: [], subtotal: 0, count: 0 },
    });
    expect(selectCartCount(store.getState())).toBe(0);
  });
});
