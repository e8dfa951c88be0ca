import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { CartShipping } from '../use-cart-shipping';
import { CartShippingEstimate } from './cart-shipping-estimate';

function shippingOf(overrides: Partial<CartShipping>): CartShipping {
  return {
    isAddressBookLoaded: true,
    addresses: [],
    addressID: null,
    chooseAddress: async () => undefined,
    isChoosing: false,
    status: 'loading',
    quote: null,
    error: null,
    service: 'standard',
    chooseService: () => undefined,
    chosenOption: null,
    retry: () => undefined,
    ...overrides,
  };
}

function renderEstimate(shipping: CartShipping) {
  render(
    <MemoryRouter>
      <CartShippingEstimate shipping={shipping} hasSelection />
    </MemoryRouter>,
  );
}

describe('the cart’s delivery panel', () => {
  it('says nothing about addresses until the address book has answered', () => {
    renderEstimate(shippingOf({ isAddressBookLoaded: false }));
    expect(screen.getByTestId('cart-address-loading')).toBeTruthy();
    expect(screen.queryByTestId('cart-address-none')).toBeNull();
    expect(screen.getByLabelText('Loading delivery prices')).toBeTruthy();
  });

  it('says there is no saved address once the book has answered empty', () => {
    renderEstimate(shippingOf({ isAddressBookLoaded: true }));
    expect(screen.getByTestId('cart-address-none').textContent).toContain('No saved address yet');
    expect(screen.queryByTestId('cart-address-loading')).toBeNull();
  });

  it('says why the prices failed and asks for them again on Try again', () => {
    const retry = vi.fn();
    renderEstimate(shippingOf({ status: 'failed', error: 'Please check your network connection.', retry }));
    expect(screen.getByTestId('cart-shipping-error').textContent).toContain('Please check your network');
    fireEvent.click(screen.getByTestId('cart-shipping-retry'));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
