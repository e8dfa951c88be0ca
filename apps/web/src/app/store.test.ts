import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartList } from '@storefront/contract/cart';
import type { UserInfo } from '@storefront/contract/account';
import * as accountApi from '../features/account/api';
import { loginWithPassword, logout } from '../features/account/user-info-slice';
import * as cartApi from '../features/cart/api';
import { cartReceived, emptyCart, fetchCart, selectCartCount } from '../features/cart/cart-slice';
import { sessionKeys } from '../lib/http/session';
import { createAppStore, sessionReset } from './store';

vi.mock('../features/account/api');
vi.mock('../features/cart/api');

function makeUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    customerID: 7,
    email: 'ann@example.test',
    firstName: 'Ann',
    lastName: 'Able',
    postCode: '2000',
    suburb: 'Sydney',
    emailRefused: null,
    ...overrides,
  };
}

const annsCart: CartList = { ...emptyCart, count: 3, lineCount: 1, subtotal: 1350, total: 1350 };

function storeSession(user: UserInfo): void {
  localStorage.setItem(sessionKeys.token, `Bearer ${user.firstName}`);
  localStorage.setItem(sessionKeys.email, user.email);
  Cookies.set(sessionKeys.userInfoCookie, JSON.stringify(user));
}

beforeEach(() => {
  vi.resetAllMocks();
});

describe('the store across sessions', () => {
  it("a reset drops the last customer's user and cart and starts from the session stored now", () => {
    storeSession(makeUser());
    const store = createAppStore();
    store.dispatch(cartReceived(annsCart));
    storeSession(makeUser({ customerID: 8, email: 'ben@example.test', firstName: 'Ben' }));
    store.dispatch(sessionReset());
    expect(store.getState().userInfo.data?.firstName).toBe('Ben');
    expect(store.getState().cart.status).toBe('idle');
    expect(selectCartCount(store.getState())).toBe(0);
  });

  it("a reset does not trust a user cookie that names another customer than the stored session's", () => {
    storeSession(makeUser());
    const store = createAppStore();
    localStorage.setItem(sessionKeys.email, 'ben@example.test');
    store.dispatch(sessionReset());
    expect(store.getState().userInfo).toEqual({ status: 'idle', error: null, data: null });
  });

  it('a cart read sent before a reset does not land after it', async () => {
    storeSession(makeUser());
    const store = createAppStore();
    let answerRead: (cart: CartList) => void = () => undefined;
    vi.mocked(cartApi.listCart).mockReturnValue(new Promise((resolve) => (answerRead = resolve)));
    const read = store.dispatch(fetchCart());
    store.dispatch(sessionReset());
    answerRead(annsCart);
    await read;
    expect(selectCartCount(store.getState())).toBe(0);
  });

  it('signing in starts the cart afresh, so it is read again even after a read that succeeded', async () => {
    const store = createAppStore();
    store.dispatch(cartReceived(annsCart));
    vi.mocked(accountApi.loginCustomer).mockResolvedValue(makeUser());
    vi.mocked(accountApi.retrieveCustomerStatus).mockRejectedValue(new Error('offline'));
    await store.dispatch(loginWithPassword({ email: 'ann@example.test', password: 'pass-1234' }));
    expect(store.getState().cart.status).toBe('idle');
    expect(selectCartCount(store.getState())).toBe(0);
  });

  it('a cart read sent before sign-out and answered after sign-in does not show in the new session', async () => {
    storeSession(makeUser());
    const store = createAppStore();
    let answerRead: (cart: CartList) => void = () => undefined;
    vi.mocked(cartApi.listCart).mockReturnValue(new Promise((resolve) => (answerRead = resolve)));
    vi.mocked(accountApi.logoutCustomer).mockResolvedValue(null);
    const read = store.dispatch(fetchCart());
    await store.dispatch(logout());
    vi.mocked(accountApi.loginCustomer).mockResolvedValue(
      makeUser({ customerID: 8, email: 'ben@example.test' }),
    );
    vi.mocked(accountApi.retrieveCustomerStatus).mockRejectedValue(new Error('offline'));
    await store.dispatch(loginWithPassword({ email: 'ben@example.test', password: 'pass-1234' }));
    answerRead(annsCart);
    await read;
    expect(selectCartCount(store.getState())).toBe(0);
    expect(store.getState().cart.status).toBe('idle');
  });
});
