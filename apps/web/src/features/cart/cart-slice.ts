import { createSlice, isFulfilled, isPending, isRejected, type PayloadAction } from '@reduxjs/toolkit';
import type { CartAddBody, CartAdded, CartLine, CartList, CartUpdateBody } from '@storefront/contract/cart';
import { createCallThunk, readRejection } from '../../app/hooks';
import type { AppDispatch, RootState } from '../../app/store';
import type { AsyncStatus } from '../../lib/async-status';
import { forgetPrefetched, prefetch, takePrefetched } from '../../lib/prefetch';
import {
  addCartItem,
  applyCartDiscount,
  deleteCartLines,
  listCart,
  mergeGuestCart,
  selectAllCartLines,
  updateCartLine,
} from './api';
import { clearGuestCart, readGuestCart } from './guest-cart';

export type CartData = CartList;

export type CartState = {
  status: AsyncStatus;
  error: string | null;
  data: CartData;
  /**
   * Products were added since the cart was last read: `count` and `lineCount` are current (an add answers them),
   * the lines are not. Pages that show the lines read the cart first.
   */
  linesStale: boolean;
  /**
   * Counts the sessions this tab has held (each sign-in, sign-out, or another tab's): a cart call answers for the
   * session it was sent in, so an answer from an earlier one is dropped.
   */
  generation: number;
  /** The generation each cart call still waiting was sent in, by request id. */
  sentIn: Record<string, number>;
  /** When a read of the whole cart last answered (ms since the epoch; 0 when none has). */
  readAt: number;
};

export const emptyCart: CartData = {
  available: [],
  unavailable: [],
  subtotal: 0,
  count: 0,
  lineCount: 0,
  discount: 0,
  freeShipping: false,
  coupon: null,
  total: 0,
};

export const initialCartState: CartState = {
  status: 'idle',
  error: null,
  data: emptyCart,
  linesStale: false,
  generation: 0,
  sentIn: {},
  readAt: 0,
};

/** A line can only be bought while it has no reason against it, whichever list the answer put it in. */
export function splitCart(cart: CartList): CartData {
  const lines: CartLine[] = [...cart.available, ...cart.unavailable];
  return {
    ...cart,
    available: lines.filter((line) => line.unavailableReason === null),
    unavailable: lines.filter((line) => line.unavailableReason !== null),
  };
}

/** Answers to cart writes received so far, to tell a read that may hold the cart from before one of them. */
let writesAnswered = 0;
const MAX_READS = 3;
const CART_READ = 'cart/list';

function writeAnswered(): void {
  writesAnswered += 1;
  forgetPrefetched(CART_READ);
}

/** The cart read started as a signed-in customer opens the cart page (app/router.tsx), beside the page's code. */
export function prefetchCart(): void {
  prefetch(CART_READ, listCart);
}

/** Cart writes waiting for their answers, and whether two of them have been waiting at once since the last read. */
let writesInFlight = 0;
let writesOverlapped = false;

/** A write's answer, and the cart read after it when it overlapped other writes (null when it did not). */
type Written<R> = { answer: R; cart: CartList | null };

/**
 * A cart write, answered by the whole cart as the write left it (an add: by the cart's counts). Writes sent side
 * by side (two lines ticked, or two products added, in quick succession) are answered in any order, so an answer
 * may hold the cart from before another write: the last of them to finish reads the cart once more, after all of
 * them, so the screen ends on the cart the server holds (and a checkout charges what it shows). A refused write
 * still does that read, for the writes that were answered.
 */
function write<A, R>(
  send: (arg: A) => Promise<R>,
): (arg: A, thunk: { dispatch: AppDispatch; getState: () => RootState }) => Promise<Written<R>> {
  return async (arg, { dispatch, getState }) => {
    const sentIn = getState().cart.generation;
    writesInFlight += 1;
    if (writesInFlight > 1) writesOverlapped = true;
    try {
      let answer: R;
      try {
        answer = await send(arg);
        writeAnswered();
      } catch (err) {
        const cart = await readAfterOverlap();
        if (cart && getState().cart.generation === sentIn) dispatch(cartReceived(cart));
        throw err;
      }
      return { answer, cart: await readAfterOverlap() };
    } finally {
      writesInFlight -= 1;
    }
  };
}

/** For the last write still waiting, the cart read again if writes overlapped (again if one joined meanwhile). */
async function readAfterOverlap(): Promise<CartList | null> {
  let cart: CartList | null = null;
  while (writesInFlight === 1 && writesOverlapped) {
    writesOverlapped = false;
    try {
      cart = await listCart();
    } catch {
      writesOverlapped = true; // the next write reads it then
      break;
    }
  }
  return cart;
}

export const fetchCart = createCallThunk(
  'cart/fetchCart',
  async () => {
    // A write answered while the read ran: the read may hold the cart from before it, which must not come back.
    for (let read = 1; ; read += 1) {
      const seen = writesAnswered;
      const cart = await (read === 1 ? takePrefetched(CART_READ, listCart) : listCart());
      if (seen === writesAnswered || read === MAX_READS) return { cart, readAt: Date.now() };
    }
  },
  { condition: (_, { getState }) => getState().cart.status !== 'loading' },
);

export const addToCart = createCallThunk(
  'cart/addToCart',
  write((body: CartAddBody) => addCartItem(body)),
);
export const updateLine = createCallThunk(
  'cart/updateLine',
  write((body: CartUpdateBody) => updateCartLine(body)),
);
export const deleteLines = createCallThunk(
  'cart/deleteLines',
  write((productIDs: number[]) => deleteCartLines(productIDs)),
);
export const selectAllLines = createCallThunk(
  'cart/selectAllLines',
  write((selected: boolean) => selectAllCartLines(selected)),
);
export const applyDiscount = createCallThunk(
  'cart/applyDiscount',
  write((code: string | null) => applyCartDiscount({ code })),
);

/** Moves this browser's guest cart into the account's cart; answers null when there was nothing to move. */
export const mergeGuestCartIntoAccount = createCallThunk('cart/mergeGuestCart', async () => {
  const guest = readGuestCart();
  if (guest.items.length === 0) return null;
  const result = await mergeGuestCart({ items: guest.items }, guest.key);
  writeAnswered();
  clearGuestCart(guest.key);
  return result;
});

const writes = [updateLine, deleteLines, selectAllLines, applyDiscount];
const calls = [fetchCart, addToCart, mergeGuestCartIntoAccount, ...writes] as const;

/** A reducer for a call's answer that does nothing when the call was sent in an earlier session. */
function forThisSession<A extends { meta: { requestId: string } }>(
  reduce: (state: CartState, action: A) => void,
): (state: CartState, action: A) => void {
  return (state, action) => {
    if (state.sentIn[action.meta.requestId] === state.generation) reduce(state, action);
  };
}

function received(state: CartState, cart: CartList): void {
  state.status = 'succeeded';
  state.error = null;
  state.data = splitCart(cart);
  state.linesStale = false;
}

/** An add's counts on the cart held: the lines stay as last read, marked stale, until the cart is read again. */
function countsReceived(state: CartState, added: CartAdded): void {
  state.status = 'succeeded';
  state.error = null;
  state.data.count = added.count;
  state.data.lineCount = added.lineCount;
  state.linesStale = true;
}

const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
    /** Sign-in, sign-out, or another tab's: the cart is read again, and answers to calls sent before are dropped. */
    cartCleared: (state) => {
      state.status = 'idle';
      state.error = null;
      state.data = emptyCart;
      state.linesStale = false;
      state.generation += 1;
    },
    cartReceived: (state, action: PayloadAction<CartList>) => received(state, action.payload),
  },
  extraReducers: (builder) => {
    builder.addCase(fetchCart.pending, (state) => {
      state.status = 'loading';
      state.error = null;
    });
    builder.addCase(
      fetchCart.fulfilled,
      forThisSession((state, { payload }) => {
        received(state, payload.cart);
        state.readAt = payload.readAt;
      }),
    );
    builder.addCase(
      fetchCart.rejected,
      forThisSession((state, action) => {
        state.status = 'failed';
        state.error = readRejection(action);
      }),
    );
    builder.addCase(
      mergeGuestCartIntoAccount.fulfilled,
      forThisSession((state, action) => {
        if (action.payload) received(state, action.payload.cart);
      }),
    );
    builder.addCase(
      addToCart.fulfilled,
      forThisSession((state, { payload }) => {
        if (payload.cart) received(state, payload.cart);
        else countsReceived(state, payload.answer);
      }),
    );
    builder.addCase(
      addToCart.rejected,
      forThisSession((state, action) => {
        state.error = readRejection(action);
      }),
    );
    // A write keeps the cart on screen while it runs; its answer is the whole cart.
    for (const thunk of writes) {
      builder.addCase(
        thunk.fulfilled,
        forThisSession((state, { payload }) => received(state, payload.cart ?? payload.answer)),
      );
      builder.addCase(
        thunk.rejected,
        forThisSession((state, action) => {
          state.error = readRejection(action);
        }),
      );
    }
    builder.addMatcher(isPending(...calls), (state, action) => {
      state.sentIn[action.meta.requestId] = state.generation;
    });
    builder.addMatcher(
      (action) => isFulfilled(...calls)(action) || isRejected(...calls)(action),
      (state, action) => {
        delete state.sentIn[action.meta.requestId];
      },
    );
  },
  selectors: {
    selectCart: (state) => state.data,
    selectCartCount: (state) => state.data.count,
    selectCartStatus: (state) => state.status,
    selectCartLinesStale: (state) => state.linesStale,
    selectCartError: (state) => state.error,
    selectCartReadAt: (state) => state.readAt,
  },
});

export const { cartCleared, cartReceived } = cartSlice.actions;
export const {
  selectCart,
  selectCartCount,
  selectCartStatus,
  selectCartLinesStale,
  selectCartError,
  selectCartReadAt,
} = cartSlice.selectors;
export const cartReducer = cartSlice.reducer;
