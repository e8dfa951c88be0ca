import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Address } from '@storefront/contract/address';
import type { ShippingQuote } from '@storefront/contract/shipping';
import * as api from './api';
import { chooseOption, pickCartAddress, useCartShipping } from './use-cart-shipping';
import { makeAddress } from '../../test-support/address';
import { makeOption, makeQuote, makeWindowQuote } from '../../test-support/shipping-quote';

vi.mock('./api');
vi.mock('./cart-shipping-reads', () => ({
  loadCartAddressBook: async () => ({ list: [], cartAddressID: null }),
}));

function bookAddress(addressID: number, isDefaultShipping = false): Address {
  return makeAddress({ addressID, isDefaultShipping });
}

describe('pickCartAddress', () => {
  it('keeps the address the cart was told to ship to', () => {
    expect(pickCartAddress([bookAddress(1, true), bookAddress(2)], 2)).toBe(2);
  });

  it('falls back to the default delivery address, then the first one', () => {
    expect(pickCartAddress([bookAddress(1), bookAddress(2, true)], null)).toBe(2);
    expect(pickCartAddress([bookAddress(1), bookAddress(2)], 99)).toBe(1);
  });

  it('has nothing to pick from an empty address book', () => {
    expect(pickCartAddress([], null)).toBeNull();
  });
});

describe('chooseOption', () => {
  const express = makeOption({ service: 'express', label: 'Express delivery', price: 1495 });

  it('prices the service chosen where the destination offers it', () => {
    const quote = makeQuote({ options: [makeOption(), express] });
    expect(chooseOption(quote, 'express')).toBe(express);
  });

  it("prices a window zone's one option, though express was chosen for a courier address before", () => {
    const quote = makeWindowQuote();
    expect(chooseOption(quote, 'express')).toBe(quote.options[0]);
  });

  it('prices nothing before the prices are known', () => {
    expect(chooseOption(null, 'standard')).toBeNull();
  });
});

describe('useCartShipping', () => {
  const quote = { options: [] } as unknown as ShippingQuote;

  it('asks for prices that failed again when the browser is back online, and on Try again', async () => {
    vi.mocked(api.quoteSelectedLines).mockRejectedValueOnce(new Error('offline'));
    vi.mocked(api.quoteSelectedLines).mockResolvedValueOnce(quote);
    const { result } = renderHook(() => useCartShipping('cart-1', true));
    await waitFor(() => expect(result.current.status).toBe('failed'));

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(result.current.status).toBe('succeeded'));
    expect(api.quoteSelectedLines).toHaveBeenCalledTimes(2);

    vi.mocked(api.quoteSelectedLines).mockResolvedValueOnce(quote);
    act(() => result.current.retry());
    await waitFor(() => expect(api.quoteSelectedLines).toHaveBeenCalledTimes(3));
  });

  it('does not ask again on going online while the prices it has are good', async () => {
    vi.mocked(api.quoteSelectedLines).mockResolvedValue(quote);
    const { result } = renderHook(() => useCartShipping('cart-1', true));
    await waitFor(() => expect(result.current.status).toBe('succeeded'));
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(api.quoteSelectedLines).toHaveBeenCalledTimes(1);
  });
});
