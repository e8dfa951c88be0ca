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
            deliveryMode={null}
            minimumGap={null}
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
          deliveryMode={null}
          minimumGap={null}
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

function renderOptionsFor(
  windows: Omit<DeliveryWindows, 'timeZone' | 'days'> & { days?: DeliveryWindows['days'] },
  {
    options = [standard],
    minimumGap = null,
  }: { options?: ShippingOption[]; minimumGap?: string | null } = {},
) {
  vi.mocked(fetchDeliveryWindows).mockResolvedValue({ days: [], ...windows, timeZone: 'Australia/Sydney' });
  const onWindow = vi.fn();
  render(
    <MemoryRouter>
      <Form initialValues={{ shippingService: 'standard' }}>
        <CheckoutDelivery
          addresses={[makeAddress({ addressID: 7 })]}
          options={options}
          deliveryMode={windows.required ? 'window' : 'courier'}
          minimumGap={minimumGap}
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

/** Tomorrow's windows (from now, so they are open): a plain morning one and a dearer evening one. */
function tomorrowsWindows(): DeliveryWindows['days'] {
  const at = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
  const window = (windowID: number, startsIn: number, priceDelta: number, label: string | null) => ({
    windowID,
    startsAt: at(startsIn),
    endsAt: at(startsIn + 2),
    cutoffAt: at(startsIn - 2),
    label,
    priceDelta,
    capacity: 8,
    remaining: 8,
    isFull: false,
  });
  return [{ date: '2099-01-01', windows: [window(1, 24, 0, null), window(2, 32, 300, 'Evening')] }];
}

describe('the delivery choice where the zone delivers in booked windows', () => {
  it('is the window, each with its delivery price: no standard or express to choose beside it', async () => {
    const windowDelivery = { ...standard, label: 'Delivery window', price: 795, fullPrice: 795 };
    const onWindow = renderOptionsFor(
      { zone: 'metro', required: true, days: tomorrowsWindows() },
      { options: [windowDelivery] },
    );
    await vi.waitFor(() => expect(onWindow).toHaveBeenCalledWith(null, true));
    expect(screen.getByTestId('checkout-service').closest('.ant-form-item-hidden')).not.toBeNull();
    const windows = screen.getAllByRole('radio', { name: /am|pm/ });
    expect(windows.map((w) => w.closest('label')?.textContent)).toEqual([
      expect.stringMatching(/ · \$7\.95Available$/),
      expect.stringMatching(/ · Evening · \$10\.95Available$/),
    ]);
  });

  it('shows a window free where the delivery is free, and what is left to spend for it when not', async () => {
    const free = {
      ...standard,
      price: 0,
      isFree: true,
      freeReason: 'threshold' as const,
      amountToFree: null,
    };
    const onWindow = renderOptionsFor(
      { zone: 'metro', required: true, days: tomorrowsWindows() },
      { options: [free] },
    );
    await vi.waitFor(() => expect(onWindow).toHaveBeenCalledWith(null, true));
    const [morning, evening] = screen.getAllByRole('radio', { name: /am|pm/ });
    expect(morning?.closest('label')?.textContent).toContain('Free delivery');
    expect(evening?.closest('label')?.textContent).toContain('$3.00');
    expect(screen.queryByTestId('checkout-window-free-over')).toBeNull();
  });

  it("says how much more to add where the order is below the zone's minimum, with the way back to the cart", async () => {
    const gap = 'Add $12.40 more to reach the $30.00 minimum for delivery to 2000.';
    const onWindow = renderOptionsFor({ zone: 'metro', required: true }, { minimumGap: gap });
    await vi.waitFor(() => expect(onWindow).toHaveBeenCalledWith(null, true));
    expect(screen.getByTestId('checkout-minimum').textContent).toContain(gap);
    expect(screen.getByTestId('checkout-minimum-cart').getAttribute('href')).toBe('/cart');
  });
});

describe('how long a delivery option takes', () => {
  it('is said where a courier delivers, with no window to book', async () => {
    const onWindow = renderOptionsFor({ zone: 'interstate', required: false });
    await vi.waitFor(() => expect(onWindow).toHaveBeenCalledWith(null, false));
    expect(screen.getByTestId('checkout-service-standard').closest('label')?.textContent).toBe(
      'Standard delivery (1–2 business days) — $10.95',
    );
  });
});
