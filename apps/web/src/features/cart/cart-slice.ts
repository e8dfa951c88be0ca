import { createSlice } from '@reduxjs/toolkit';
import type { AsyncStatus } from '../../lib/async-status';

/** Cart lines get their contract type with the cart API; until then the lists stay empty. */
export type CartState = {
  status: AsyncStatus;
  error: string | null;
  data: { available: unknown[]; unavailable: unknown[]; subtotal: number; count: number };
};

export const initialCartState: CartState = {
  status: 'idle',
  error: null,
  data: { available: [], unavailable: [], subtotal: 0, count: 0 },
};

const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
    cartCleared: () => initialCartState,
  },
  selectors: {
    selectCartCount: (state) => state.data.count,
    selectCartStatus: (state) => state.status,
  },
});

export const { cartCleared } = cartSlice.actions;
export const { selectCartCount, selectCartStatus } = cartSlice.selectors;
export const cartReducer = cartSlice.reducer;
