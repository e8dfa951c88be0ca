import { Form } from 'antd';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ShownTotals } from '../../cart/price-cart';
import { errorCatalogue } from '@storefront/contract/errors';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { createAppStore } from '../../../app/store';
import type { CreditBalance, PlaceError } from '../use-checkout';
import { CheckoutSummary } from './checkout-summary';
import { freeDeliveryCoupon } from '../../../test-support/coupon';
import { applyCartDiscount } from '../../cart/api';

vi.mock('../../cart/api', () => ({ applyCartDiscount: vi.fn() }));

type Props = Parameters<typeof CheckoutSummary>[0];

function makeTotals(): ShownTotals {
  return {
    subtotal: 4000,
    discount: 0,
    shipping: 800,
    creditUsed: 0,
    total: 4800,
    amountDue: 4800,
    gst: 436,
  };
}

function renderSummary(
  creditBalance: CreditBalance,
  placeError: PlaceError | null = null,
  delivery: Pick<Props, 'coupon' | 'shipping'> = { coupon: null, shipping: null },
  onPlace: () => void = () => undefined,
) {
  render(
    <Provider store={createAppStore()}>
      <MemoryRouter>
        <Form onFinish={onPlace}>
          <CheckoutSummary
            totals={makeTotals()}
            coupon={delivery.coupon}
            shipping={delivery.shipping}
            creditBalance={creditBalance}
            placeError={placeError}
            isPlacing={false}
            blockedBy={null}
          />
        </Form>
      </MemoryRouter>
    </Provider>,
  );
}

describe('the checkout summary’s store credit', () => {
  it('offers to spend a balance', () => {
    renderSummary({ status: 'loaded', balance: 1250 });
    expect(screen.getByRole('checkbox', { name: 'Use my store credit ($12.50)' })).toBeTruthy();
  });

  it('offers nothing when the customer has no credit', () => {
    renderSummary({ status: 'none' });
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByTestId('checkout-credit-error')).toBeNull();
  });

  it('says the credit could not be loaded, and Retry reads it again', async () => {
    const retry = vi.fn();
    renderSummary({ status: 'failed', error: 'Too many requests.', retry });
    const alert = screen.getByTestId('checkout-credit-error');
    expect(alert.textContent).toContain('Store credit could not be loaded');
    expect(alert.textContent).toContain('Too many requests.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('still lets the order be placed when the credit could not be loaded', () => {
    renderSummary({ status: 'failed', error: null, retry: vi.fn() });
    screen.getByTestId('checkout-credit-error');
    expect(screen.getByTestId<HTMLButtonElement>('checkout-place-order').disabled).toBe(false);
  });
});

describe('the checkout summary’s refusals', () => {
  it('a refusal for orders awaiting payment links to them', () => {
    const { code, msg } = errorCatalogue.ORDER_UNPAID_LIMIT;
    renderSummary({ status: 'none' }, { message: msg, code });
    expect(screen.getByTestId('checkout-place-error').textContent).toContain('waiting for payment');
    expect(screen.getByRole('link', { name: 'See them' }).getAttribute('href')).toBe(
      '/account/orders?status=pending_payment',
    );
  });

  it('another refusal is shown as it is, without the link', () => {
    renderSummary({ status: 'none' }, { message: 'That product is sold out.', code: 100410 });
    expect(screen.getByTestId('checkout-place-error').textContent).toContain('sold out');
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('the checkout summary’s GST', () => {
  it('says the GST in the order total, beside the total to pay', () => {
    renderSummary({ status: 'none' });
    expect(screen.getByText('GST in the order total')).toBeTruthy();
    expect(screen.getByTestId('checkout-gst').textContent).toBe('$4.36');
  });
});

describe('the checkout summary’s free-delivery coupon', () => {
  const freeDelivery = freeDeliveryCoupon();

  it('says it is not used with express delivery', () => {
    renderSummary({ status: 'none' }, null, {
      coupon: freeDelivery,
      shipping: { service: 'express', freeReason: null },
    });
    expect(screen.getByTestId('checkout-coupon-unused').textContent).toBe(
      'FREESHIP: Free standard delivery — not used with Express. It stays in your cart for another order.',
    );
  });

  it('says nothing more while it frees the standard delivery chosen', () => {
    renderSummary({ status: 'none' }, null, {
      coupon: freeDelivery,
      shipping: { service: 'standard', freeReason: 'coupon' },
    });
    expect(screen.queryByTestId('checkout-coupon-unused')).toBeNull();
  });
});

describe('the checkout summary’s discount code', () => {
  it('applies a code on Enter without placing the order', async () => {
    vi.mocked(applyCartDiscount).mockRejectedValue({
      code: 100404,
      msg: 'That discount code has expired.',
      data: null,
    });
    const onPlace = vi.fn();
    renderSummary({ status: 'none' }, null, { coupon: null, shipping: null }, onPlace);
    const field = screen.getByRole('group', { name: 'Discount code' });
    expect(field.closest('form')?.querySelectorAll('form')).toHaveLength(0);
    await userEvent.type(screen.getByRole('textbox', { name: 'Discount code' }), 'old10{Enter}');
    expect((await screen.findByTestId('cart-discount-error')).textContent).toBe(
      'That discount code has expired.',
    );
    expect(applyCartDiscount).toHaveBeenCalledWith({ code: 'old10' });
    expect(onPlace).not.toHaveBeenCalled();
  });

  it('shows the code applied with a way to remove it, leaving what it does to the summary', () => {
    renderSummary({ status: 'none' }, null, {
      coupon: freeDeliveryCoupon(),
      shipping: { service: 'express', freeReason: null },
    });
    expect(screen.getByTestId('cart-coupon-code').textContent).toBe('FREESHIP');
    expect(screen.getByTestId('cart-coupon-remove')).toBeTruthy();
    expect(screen.queryByTestId('cart-coupon-unused')).toBeNull();
    expect(screen.getByTestId('checkout-coupon-unused')).toBeTruthy();
  });
});
