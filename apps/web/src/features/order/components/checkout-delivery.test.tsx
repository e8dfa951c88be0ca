import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Address } from '@storefront/contract/address';
import type { DeliveryWindows } from '@storefront/contract/delivery';
import type { ShippingOption } from '@storefront/contract/shipping';
import { Form } from 'antd';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { makeAddress } from '../../../test-support/address';
import { fetchDeliveryWindows } from '../../delivery/api';
import { CheckoutDelivery } from './checkout-delivery';

vi.mock('../../delivery/api');

describe('the checkout’s delivery addresses', () => {
  it('name a one-name recipient by that name alone, without a trailing space', () => {
    render(
      <MemoryRouter>
        <Form>
          <CheckoutDelivery
            addresses={[makeAddress({ addressID: 7, firstName: 'Cher', lastName: '' })]}
            options={[]}
            quoteError={null}
            onRetryQuote={vi.fn()}
            addressID={null}
            onWindow={vi.fn()}
            windowsReloadKey={0}
          />
        </Form>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('checkout-address-7').querySelector('strong')?.textContent).toBe('Cher');
  });
});

function renderDelivery(addresses: Address[], quoteError: string | null = null, onRetryQuote = vi.fn()) {
  render(
    <MemoryRouter>
      <Form>
        <CheckoutDelivery
          addresses={addresses}
          options={[]}
          quoteError={quoteError}
          onRetryQuote={onRetryQuote}
          addressID={null}
          onWindow={vi.fn()}
          windowsReloadKey={0}
        />
      </Form>
    </MemoryRouter>,
  );
}

/** Whether the "Delivery option" field is shown (Ant Design hides a hidden item's whole row). */
function isDeliveryOptionShown(): boolean {
  return screen.getByTestId('checkout-service').closest('.ant-form-item-hidden') === null;
}

describe('the checkout’s delivery options', () => {
  it('without an address, say what to do to see them, and no empty "Delivery option" is shown', () => {
    renderDelivery([]);
    expect(screen.getByTestId('checkout-delivery').textContent).toContain(
      'Add a delivery address to see delivery options and prices.',
    );
    expect(isDeliveryOptionShown()).toBe(false);
  });

  it('that could not be read say so where they would be, and Try again reads them again', async () => {
    const retry = vi.fn();
    renderDelivery([makeAddress({ addressID: 7 })], 'We couldn’t load delivery prices.', retry);
    expect(screen.getByTestId('checkout-quote-error').textContent).toContain(
      'We couldn’t load delivery prices.',
    );
    expect(isDeliveryOptionShown()).toBe(false);
    await userEvent.click(screen.getByTestId('checkout-quote-retry'));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});

const standard: ShippingOption = {
  service: 'standard',
  label: 'Standard delivery',
  price: 1095,
  fullPrice: 1095,
  isFree: false,
  freeReason: null,
  freeOver: null,
  amountToFree: null,
  etaDaysMin: 1,
  etaDaysMax: 2,
};

function renderOptionsFor(windows: Omit<DeliveryWindows, 'timeZone' | 'days'>) {
  vi.mocked(fetchDeliveryWindows).mockResolvedValue({ ...windows, timeZone: 'Australia/Sydney', days: [] });
  const onWindow = vi.fn();
  render(
    <MemoryRouter>
      <Form>
        <CheckoutDelivery
          addresses={[makeAddress({ addressID: 7 })]}
          options={[standard]}
          quoteError={null}
          onRetryQuote={vi.fn()}
          addressID={7}
          onWindow={onWindow}
          windowsReloadKey={0}
        />
      </Form>
    </MemoryRouter>,
  );
  return onWindow;
}

describe('how long a delivery option takes', () => {
  it('is not said where a delivery window is booked: the window is the day the order comes', async () => {
    const onWindow = renderOptionsFor({ zone: 'metro', required: true });
    await vi.waitFor(() => expect(onWindow).toHaveBeenCalledWith(null, true));
    expect(screen.getByTestId('checkout-service-standard').closest('label')?.textContent).toBe(
      'Standard delivery — $10.95',
    );
  });

  it('is said where a courier delivers, with no window to book', async () => {
    const onWindow = renderOptionsFor({ zone: 'interstate', required: false });
    await vi.waitFor(() => expect(onWindow).toHaveBeenCalledWith(null, false));
    expect(screen.getByTestId('checkout-service-standard').closest('label')?.textContent).toBe(
      'Standard delivery (1–2 business days) — $10.95',
    );
  });
});
