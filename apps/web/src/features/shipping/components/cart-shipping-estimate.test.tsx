import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { CartShipping } from '../use-cart-shipping';
import { CartShippingEstimate } from './cart-shipping-estimate';
import { makeAddress } from '../../../test-support/address';
import { makeOption, makeQuote, makeWindowQuote } from '../../../test-support/shipping-quote';

/** Whether the address picker's code can be fetched; how many times it was. */
const pickerChunk = vi.hoisted(() => ({ isReachable: true, loads: 0 }));

vi.mock('./cart-address-picker', () => {
  pickerChunk.loads += 1;
  if (!pickerChunk.isReachable) {
    throw new TypeError('Failed to fetch dynamically imported module: /assets/cart-address-picker.js');
  }
  return { CartAddressPicker: () => <div role="listbox" aria-label="Deliver to" /> };
});

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

  it('offers to change the home suburb once one is set, and to set it while prices go to the Sydney default', () => {
    const quoteTo = (locality: string, postcode: string) =>
      makeQuote({
        destination: {
          suburbID: 1,
          postcode,
          locality,
          state: 'NSW',
          distanceKm: 0,
          source: 'customer_postcode',
          addressID: null,
        },
        options: [],
      });
    renderEstimate(shippingOf({ status: 'succeeded', quote: quoteTo('Newtown', '2042') }));
    expect(screen.getByTestId('cart-address-none').textContent).toContain(
      'prices are to your home suburb (Newtown 2042). Add a delivery address · Change your home suburb',
    );
    cleanup();
    renderEstimate(shippingOf({ status: 'succeeded', quote: quoteTo('Sydney', '2000') }));
    expect(screen.getByTestId('cart-address-none').textContent).toContain('Set your home suburb');
  });

  it('says why the prices failed and asks for them again on Try again', () => {
    const retry = vi.fn();
    renderEstimate(shippingOf({ status: 'failed', error: 'Please check your network connection.', retry }));
    expect(screen.getByTestId('cart-shipping-error').textContent).toContain('Please check your network');
    fireEvent.click(screen.getByTestId('cart-shipping-retry'));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('offline, the address picker says it could not load, the prices stay, and a click back online loads it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    pickerChunk.isReachable = false;
    const address = makeAddress({
      addressID: 5,
      firstName: 'Otto',
      lastName: 'Fline',
      line1: '1 Macquarie St',
      isDefaultShipping: true,
      isDefaultBilling: true,
    });
    renderEstimate(
      shippingOf({ addresses: [address], addressID: 5, status: 'failed', error: 'No prices yet.' }),
    );

    expect(screen.getByTestId('cart-address-picker').textContent).toContain('1 Macquarie St');
    fireEvent.click(screen.getByTestId('cart-address-picker'));
    const failed = await screen.findByTestId('cart-address-load-failed');
    expect(failed.textContent).toContain('The address list could not be loaded');
    expect(screen.getByTestId('cart-shipping-error')).toBeTruthy();
    expect(screen.getByTestId('cart-address-picker').textContent).toContain('1 Macquarie St');
    const loads = pickerChunk.loads;

    pickerChunk.isReachable = true;
    fireEvent.click(screen.getByTestId('cart-address-picker'));
    expect(await screen.findByRole('listbox', { name: 'Deliver to' })).toBeTruthy();
    expect(screen.queryByTestId('cart-address-load-failed')).toBeNull();
    expect(pickerChunk.loads).toBe(loads + 1);
  });

  it('a zone delivered in booked windows shows its one option with no choice to make, the window chosen at checkout', () => {
    renderEstimate(shippingOf({ status: 'succeeded', quote: makeWindowQuote() }));
    const quote = screen.getByTestId('cart-shipping-quote');
    expect(quote.querySelectorAll('input[type="radio"]')).toHaveLength(0);
    expect(screen.getByTestId('cart-shipping-quote-standard').textContent).toContain(
      'Delivery windowYou choose the window at checkout',
    );
    expect(quote.textContent).not.toContain('business day');
    expect(screen.getByTestId('cart-shipping-quote-standard').textContent).toContain(
      'Spend $90.00 more for free delivery',
    );
  });

  it('a courier zone offers standard and express to choose from, with their delivery times', () => {
    const quote = makeQuote({
      options: [
        makeOption(),
        makeOption({
          service: 'express',
          label: 'Express delivery',
          price: 1495,
          etaDaysMin: 0,
          etaDaysMax: 1,
        }),
      ],
    });
    renderEstimate(shippingOf({ status: 'succeeded', quote }));
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect(screen.getByTestId('cart-shipping-quote-express').textContent).toContain('0–1 business days');
  });

  it("says how much more to add to reach the zone's minimum, and nothing once it is reached", () => {
    renderEstimate(
      shippingOf({
        status: 'succeeded',
        quote: makeWindowQuote({ subtotal: 1_760, minimumOrder: 3_000, amountToMinimum: 1_240 }),
      }),
    );
    expect(screen.getByTestId('cart-minimum').textContent).toBe(
      'Add $12.40 more to reach the $30.00 minimum for delivery to 2000.',
    );
    expect(screen.getByTestId('cart-shipping-quote-minimum').textContent).toBe('Minimum order $30.00');
    cleanup();
    renderEstimate(
      shippingOf({
        status: 'succeeded',
        quote: makeWindowQuote({ subtotal: 3_000, minimumOrder: 3_000, amountToMinimum: 0 }),
      }),
    );
    expect(screen.queryByTestId('cart-minimum')).toBeNull();
    expect(screen.getByTestId('cart-shipping-quote-minimum').textContent).toBe('Minimum order $30.00');
  });
});
