import type { CartList } from '@storefront/contract/cart';
import { act, render, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore, type AppStore } from '../../app/store';
import { compareCart, listCart } from './api';
import { cartReceived, emptyCart, fetchCart } from './cart-slice';
import { useCartChanges } from './use-cart-changes';

vi.mock('./api');

const cart: CartList = { ...emptyCart, count: 1, lineCount: 1 };

function Probe() {
  useCartChanges();
  return null;
}

function openPage(store: AppStore) {
  render(
    <Provider store={store}>
      <Probe />
    </Provider>,
  );
}

/** A store whose cart was read from the server `agoMs` before the page opens. */
async function storeWithCartRead(agoMs: number): Promise<AppStore> {
  const store = createAppStore();
  await store.dispatch(fetchCart());
  vi.setSystemTime(Date.now() + agoMs);
  return store;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.mocked(listCart).mockResolvedValue(cart);
  vi.mocked(compareCart).mockResolvedValue({ hasChanges: false, lines: [] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the cart page opening', () => {
  it('on a cart read a moment ago asks the server nothing more', async () => {
    const store = await storeWithCartRead(1_000);
    vi.mocked(listCart).mockClear();
    openPage(store);
    await act(async () => undefined);
    expect(compareCart).not.toHaveBeenCalled();
    expect(listCart).not.toHaveBeenCalled();
  });

  it('on a cart read a while ago asks what changed and reads it again', async () => {
    const store = await storeWithCartRead(10_000);
    vi.mocked(listCart).mockClear();
    openPage(store);
    await waitFor(() => expect(listCart).toHaveBeenCalledTimes(1));
    expect(compareCart).toHaveBeenCalledTimes(1);
  });

  it('on a cart a write answered, never read, asks what changed', async () => {
    const store = createAppStore();
    store.dispatch(cartReceived(cart));
    openPage(store);
    await waitFor(() => expect(listCart).toHaveBeenCalledTimes(1));
    expect(compareCart).toHaveBeenCalledTimes(1);
  });

  it('with no cart yet reads it, with nothing to compare', async () => {
    openPage(createAppStore());
    await waitFor(() => expect(listCart).toHaveBeenCalledTimes(1));
    expect(compareCart).not.toHaveBeenCalled();
  });
});

describe('the window getting the focus back', () => {
  it('asks what changed even just after a read: another tab may have changed the cart', async () => {
    const store = await storeWithCartRead(1_000);
    openPage(store);
    await act(async () => undefined);
    expect(compareCart).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(compareCart).toHaveBeenCalledTimes(1));
  });
});
