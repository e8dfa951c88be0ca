import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartAdded, CartLine, CartList } from '@storefront/contract/cart';
import { createAppStore } from '../../app/store';
import { forgetPrefetched } from '../../lib/prefetch';
import * as api from './api';
import {
  addToCart,
  applyDiscount,
  cartCleared,
  cartReceived,
  emptyCart,
  fetchCart,
  prefetchCart,
  selectCartCount,
  selectCartLinesStale,
  splitCart,
  updateLine,
} from './cart-slice';

vi.mock('./api');

function makeLine(overrides: Partial<CartLine> = {}): CartLine {
  return {
    productID: 1,
    sku: 'SKU-1',
    name: 'Bananas',
    imageUrl: '/products/bananas.svg',
    category: 'fruit-veg',
    price: 450,
    regularPrice: 450,
    quantity: 2,
    selected: true,
    allowSubstitute: true,
    lineTotal: 900,
    stock: 10,
    weightGrams: 1000,
    gstFree: true,
    unavailableReason: null,
    addedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function makeCart(overrides: Partial<CartList> = {}): CartList {
  return { ...emptyCart, ...overrides };
}

const envelope = (code: number, msg: string) => ({ code, msg, data: null });

beforeEach(() => {
  vi.resetAllMocks();
  forgetPrefetched();
});

describe('cart slice', () => {
  it('starts idle and empty in the shape of the spec', () => {
    const store = createAppStore();
    const { cart } = store.getState();
    expect(cart.status).toBe('idle');
    expect(cart.error).toBeNull();
    expect(cart.data).toMatchObject({ available: [], unavailable: [], subtotal: 0, count: 0 });
    expect(selectCartCount(store.getState())).toBe(0);
  });

  it('moves idle, loading, then succeeded with the cart the server answered', async () => {
    const store = createAppStore();
    let finish: (cart: CartList) => void = () => undefined;
    vi.mocked(api.listCart).mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const pending = store.dispatch(fetchCart());
    expect(store.getState().cart.status).toBe('loading');
    finish(makeCart({ available: [makeLine()], subtotal: 900, count: 2, total: 900 }));
    await pending;
    expect(store.getState().cart.status).toBe('succeeded');
    expect(store.getState().cart.data.available).toHaveLength(1);
    expect(selectCartCount(store.getState())).toBe(2);
  });

  it('a read answered after a write does not put back the cart from before the write', async () => {
    const store = createAppStore();
    const before = makeCart({ available: [makeLine({ quantity: 1, lineTotal: 450 })], count: 1 });
    const after = makeCart({ available: [makeLine({ quantity: 9, lineTotal: 4050 })], count: 9 });
    let answerFirstRead: (cart: CartList) => void = () => undefined;
    vi.mocked(api.listCart)
      .mockReturnValueOnce(new Promise((resolve) => (answerFirstRead = resolve)))
      .mockResolvedValueOnce(after);
    vi.mocked(api.updateCartLine).mockResolvedValue(after);

    const read = store.dispatch(fetchCart());
    await store.dispatch(updateLine({ productID: 1, quantity: 9 }));
    answerFirstRead(before);
    await read;

    expect(api.listCart).toHaveBeenCalledTimes(2);
    expect(store.getState().cart.data.available[0]?.quantity).toBe(9);
    expect(selectCartCount(store.getState())).toBe(9);
  });

  it('the cart read started as the cart page opens is the first read, not a request of its own', async () => {
    const store = createAppStore();
    vi.mocked(api.listCart).mockResolvedValue(makeCart({ available: [makeLine()], count: 2 }));
    prefetchCart();
    await store.dispatch(fetchCart());
    expect(api.listCart).toHaveBeenCalledTimes(1);
    expect(selectCartCount(store.getState())).toBe(2);
  });

  it('a write answered after the cart read was started drops that read: the cart is read again', async () => {
    const store = createAppStore();
    const before = makeCart({ available: [makeLine({ quantity: 1, lineTotal: 450 })], count: 1 });
    const after = makeCart({ available: [makeLine({ quantity: 9, lineTotal: 4050 })], count: 9 });
    vi.mocked(api.listCart).mockResolvedValueOnce(before).mockResolvedValueOnce(after);
    vi.mocked(api.updateCartLine).mockResolvedValue(after);
    prefetchCart();
    await store.dispatch(updateLine({ productID: 1, quantity: 9 }));
    await store.dispatch(fetchCart());
    expect(api.listCart).toHaveBeenCalledTimes(2);
    expect(selectCartCount(store.getState())).toBe(9);
  });

  it('stores the server message when loading fails', async () => {
    const store = createAppStore();
    vi.mocked(api.listCart).mockRejectedValue(envelope(100001, 'The cart is resting.'));
    await store.dispatch(fetchCart());
    expect(store.getState().cart.status).toBe('failed');
    expect(store.getState().cart.error).toBe('The cart is resting.');
  });

  it('does not start a second load while one is under way', async () => {
    const store = createAppStore();
    vi.mocked(api.listCart).mockResolvedValue(makeCart());
    await Promise.all([store.dispatch(fetchCart()), store.dispatch(fetchCart())]);
    expect(api.listCart).toHaveBeenCalledTimes(1);
  });

  it('splits lines into available and unavailable by their reason', () => {
    const gone = makeLine({ productID: 2, unavailableReason: 'out_of_stock' });
    const split = splitCart(makeCart({ available: [makeLine(), gone], unavailable: [] }));
    expect(split.available.map((l) => l.productID)).toEqual([1]);
    expect(split.unavailable.map((l) => l.productID)).toEqual([2]);
  });

  it('replaces the cart with the answer of a write', async () => {
    const store = createAppStore();
    vi.mocked(api.updateCartLine).mockResolvedValue(
      makeCart({ available: [makeLine({ quantity: 3 })], count: 3, subtotal: 1350 }),
    );
    await store.dispatch(updateLine({ productID: 1, quantity: 3 }));
    expect(store.getState().cart.status).toBe('succeeded');
    expect(store.getState().cart.data.subtotal).toBe(1350);
    expect(selectCartCount(store.getState())).toBe(3);
    // A write on its own is its own answer: no read after it.
    expect(api.listCart).not.toHaveBeenCalled();
  });

  it("an add moves the cart's counts and marks the lines stale until the cart is read again", async () => {
    const store = createAppStore();
    const held = makeCart({ available: [makeLine()], count: 2, lineCount: 1, subtotal: 900 });
    store.dispatch(cartReceived(held));
    vi.mocked(api.addCartItem).mockResolvedValue({ productID: 7, quantity: 3, count: 5, lineCount: 2 });
    await store.dispatch(addToCart({ productID: 7, quantity: 3 }));

    expect(api.listCart).not.toHaveBeenCalled();
    expect(selectCartCount(store.getState())).toBe(5);
    expect(store.getState().cart.data.lineCount).toBe(2);
    expect(selectCartLinesStale(store.getState())).toBe(true);

    const read = makeCart({ available: [makeLine({ productID: 7 }), makeLine()], count: 5, lineCount: 2 });
    vi.mocked(api.listCart).mockResolvedValue(read);
    await store.dispatch(fetchCart());
    expect(selectCartLinesStale(store.getState())).toBe(false);
    expect(store.getState().cart.data.available.map((l) => l.productID)).toEqual([7, 1]);
  });

  it('adds answered out of order end on the cart read after both, not on the older count', async () => {
    const store = createAppStore();
    let answerFirst: (answer: CartAdded) => void = () => undefined;
    vi.mocked(api.addCartItem)
      .mockReturnValueOnce(new Promise((resolve) => (answerFirst = resolve)))
      .mockResolvedValueOnce({ productID: 2, quantity: 1, count: 2, lineCount: 2 });
    const both = makeCart({
      available: [makeLine({ productID: 2, quantity: 1 }), makeLine({ quantity: 1 })],
    });
    vi.mocked(api.listCart).mockResolvedValue({ ...both, count: 2, lineCount: 2 });

    const first = store.dispatch(addToCart({ productID: 1, quantity: 1 }));
    await store.dispatch(addToCart({ productID: 2, quantity: 1 }));
    answerFirst({ productID: 1, quantity: 1, count: 1, lineCount: 1 });
    await first;

    expect(api.listCart).toHaveBeenCalledTimes(1);
    expect(selectCartCount(store.getState())).toBe(2);
    expect(selectCartLinesStale(store.getState())).toBe(false);
  });

  it('writes answered out of order end on the cart read after both, not on the older answer', async () => {
    const store = createAppStore();
    const a = makeLine({ productID: 1, selected: false });
    const b = makeLine({ productID: 2, selected: false });
    const tick = (line: CartLine) => ({ ...line, selected: true });
    // A's answer was listed before B's write; B's after both: B arrives first, A last.
    let answerA: (cart: CartList) => void = () => undefined;
    vi.mocked(api.updateCartLine)
      .mockReturnValueOnce(new Promise((resolve) => (answerA = resolve)))
      .mockResolvedValueOnce(makeCart({ available: [tick(a), tick(b)], count: 4 }));
    vi.mocked(api.listCart).mockResolvedValue(makeCart({ available: [tick(a), tick(b)], count: 4 }));

    const first = store.dispatch(updateLine({ productID: 1, selected: true }));
    const second = store.dispatch(updateLine({ productID: 2, selected: true }));
    await second;
    answerA(makeCart({ available: [tick(a), b], count: 2 }));
    await first;

    expect(api.listCart).toHaveBeenCalledTimes(1);
    expect(store.getState().cart.data.available.map((l) => l.selected)).toEqual([true, true]);
    expect(selectCartCount(store.getState())).toBe(4);
  });

  it('a refused write that overlapped another still ends on the cart as the server holds it', async () => {
    const store = createAppStore();
    const line = makeLine({ quantity: 2 });
    let refuse: (reason: unknown) => void = () => undefined;
    vi.mocked(api.updateCartLine).mockReturnValueOnce(new Promise((_, reject) => (refuse = reject)));
    // The add was counted before it could see a change the server made since.
    vi.mocked(api.addCartItem).mockResolvedValue({ productID: 1, quantity: 2, count: 2, lineCount: 1 });
    vi.mocked(api.listCart).mockResolvedValue(makeCart({ available: [{ ...line, quantity: 3 }], count: 3 }));

    const update = store.dispatch(updateLine({ productID: 1, quantity: 50 }));
    await store.dispatch(addToCart({ productID: 1, quantity: 1 }));
    refuse(envelope(100401, 'There is not enough stock for that quantity.'));
    const result = await update;

    expect(updateLine.rejected.match(result)).toBe(true);
    expect(api.listCart).toHaveBeenCalledTimes(1);
    expect(selectCartCount(store.getState())).toBe(3);
    expect(store.getState().cart.error).toBe('There is not enough stock for that quantity.');
  });

  it('keeps the cart on screen and stores the message when a write is refused', async () => {
    const store = createAppStore();
    store.dispatch(cartReceived(makeCart({ available: [makeLine()], count: 2 })));
    vi.mocked(api.updateCartLine).mockRejectedValue(
      envelope(100401, 'There is not enough stock for that quantity.'),
    );
    const result = await store.dispatch(updateLine({ productID: 1, quantity: 50 }));
    expect(updateLine.rejected.match(result)).toBe(true);
    expect(store.getState().cart.status).toBe('succeeded');
    expect(store.getState().cart.error).toBe('There is not enough stock for that quantity.');
    expect(selectCartCount(store.getState())).toBe(2);
  });

  it('sends null to remove the discount code', async () => {
    const store = createAppStore();
    vi.mocked(api.applyCartDiscount).mockResolvedValue(makeCart());
    await store.dispatch(applyDiscount(null));
    expect(api.applyCartDiscount).toHaveBeenCalledWith({ code: null });
  });

  it("a read sent before sign-out does not show the last customer's cart when it answers after", async () => {
    const store = createAppStore();
    let answerRead: (cart: CartList) => void = () => undefined;
    vi.mocked(api.listCart).mockReturnValue(new Promise((resolve) => (answerRead = resolve)));
    const read = store.dispatch(fetchCart());
    store.dispatch(cartCleared());
    answerRead(makeCart({ available: [makeLine()], count: 2 }));
    await read;
    expect(store.getState().cart.status).toBe('idle');
    expect(selectCartCount(store.getState())).toBe(0);
    expect(store.getState().cart.data.available).toEqual([]);
    expect(store.getState().cart.sentIn).toEqual({});
  });

  it('a read sent before sign-out does not fail the next session when it is refused after', async () => {
    const store = createAppStore();
    let refuseRead: (reason: unknown) => void = () => undefined;
    vi.mocked(api.listCart).mockReturnValue(new Promise((_, reject) => (refuseRead = reject)));
    const read = store.dispatch(fetchCart());
    store.dispatch(cartCleared());
    refuseRead(envelope(100010, 'Please sign in.'));
    await read;
    expect(store.getState().cart.status).toBe('idle');
    expect(store.getState().cart.error).toBeNull();
  });

  it("the next customer's read is kept while the last customer's answers late", async () => {
    const store = createAppStore();
    let answerFirst: (cart: CartList) => void = () => undefined;
    vi.mocked(api.listCart)
      .mockReturnValueOnce(new Promise((resolve) => (answerFirst = resolve)))
      .mockResolvedValueOnce(makeCart({ available: [makeLine({ productID: 5 })], count: 1 }));
    const first = store.dispatch(fetchCart());
    store.dispatch(cartCleared());
    await store.dispatch(fetchCart());
    answerFirst(makeCart({ available: [makeLine(), makeLine({ productID: 2 })], count: 4 }));
    await first;
    expect(selectCartCount(store.getState())).toBe(1);
    expect(store.getState().cart.data.available.map((l) => l.productID)).toEqual([5]);
  });

  it('a write answered after sign-out leaves the emptied cart alone', async () => {
    const store = createAppStore();
    let answerWrite: (cart: CartList) => void = () => undefined;
    vi.mocked(api.updateCartLine).mockReturnValue(new Promise((resolve) => (answerWrite = resolve)));
    const write = store.dispatch(updateLine({ productID: 1, quantity: 3 }));
    store.dispatch(cartCleared());
    answerWrite(makeCart({ available: [makeLine({ quantity: 3 })], count: 3 }));
    await write;
    expect(selectCartCount(store.getState())).toBe(0);
  });

  it('empties on sign-out', () => {
    const store = createAppStore();
    store.dispatch(cartReceived(makeCart({ available: [makeLine()], count: 2 })));
    store.dispatch(cartCleared());
    expect(store.getState().cart.status).toBe('idle');
    expect(selectCartCount(store.getState())).toBe(0);
  });
});
