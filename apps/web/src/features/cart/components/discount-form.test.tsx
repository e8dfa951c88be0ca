import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { errorCatalogue } from '@storefront/contract/errors';
import { AxiosError } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../../app/store';
import { emptyCart } from '../cart-slice';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/http/client';
import { toast } from '../../../lib/toast';
import { applyCartDiscount } from '../api';
import { DiscountForm } from './discount-form';
import { freeDeliveryCoupon } from '../../../test-support/coupon';

vi.mock('../api', () => ({ applyCartDiscount: vi.fn() }));
vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function renderForm() {
  render(
    <Provider store={createAppStore()}>
      <DiscountForm coupon={null} shipping={null} />
    </Provider>,
  );
  return screen.getByRole('textbox', { name: 'Discount code' });
}

function describedBy(input: HTMLElement): string {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('the discount code field', () => {
  beforeEach(() => {
    vi.mocked(toast.error).mockClear();
  });

  it('is described by its check’s error, which is announced, and marked invalid', async () => {
    const input = renderForm();
    expect(input.getAttribute('aria-invalid')).toBe('false');
    await userEvent.click(screen.getByTestId('cart-discount-apply'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Enter a discount code.');
    expect(describedBy(input)).toBe('Enter a discount code.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('sends a code typed in lower case with spaces in it without the spaces', async () => {
    vi.mocked(applyCartDiscount).mockRejectedValue({ code: 100403, msg: 'Not valid.', data: null });
    const input = renderForm();
    await userEvent.type(input, ' welcome 10 {Enter}');
    await screen.findByTestId('cart-discount-error');
    expect(applyCartDiscount).toHaveBeenCalledWith({ code: 'welcome10' });
  });

  it('is described by the server’s refusal, which is announced, and marked invalid', async () => {
    vi.mocked(applyCartDiscount).mockRejectedValue({
      code: 100401,
      msg: 'That code has expired.',
      data: null,
    });
    const input = renderForm();
    await userEvent.type(input, 'OLD10{Enter}');
    const alert = await screen.findByTestId('cart-discount-error');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(describedBy(input)).toBe('That code has expired.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  const couponRefusals = Object.entries(errorCatalogue).filter(([name]) => name.startsWith('COUPON_'));

  it.each(couponRefusals)(
    'says %s once, under the field, not in a toast as well',
    async (_, { code, msg }) => {
      vi.mocked(applyCartDiscount).mockRejectedValue({ code, msg, data: null });
      const input = renderForm();
      await userEvent.type(input, 'EXPIRED20{Enter}');
      expect((await screen.findByTestId('cart-discount-error')).textContent).toBe(msg);
      expect(toast.error).not.toHaveBeenCalled();
    },
  );

  it('says a code that could not be sent in the network toast, and does not mark the code wrong', async () => {
    vi.mocked(applyCartDiscount).mockRejectedValue(new AxiosError('Network Error', AxiosError.ERR_NETWORK));
    const input = renderForm();
    await userEvent.type(input, 'WELCOME10{Enter}');
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(NETWORK_ERROR_MESSAGE));
    expect(screen.queryByTestId('cart-discount-error')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBe('false');
  });

  it('is neither described by an error nor invalid once the code is edited', async () => {
    vi.mocked(applyCartDiscount).mockRejectedValue({
      code: 100401,
      msg: 'That code has expired.',
      data: null,
    });
    const input = renderForm();
    await userEvent.type(input, 'OLD10{Enter}');
    await screen.findByTestId('cart-discount-error');
    await userEvent.type(input, 'X');
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(input.getAttribute('aria-invalid')).toBe('false');
  });
});

const freeDelivery = freeDeliveryCoupon();

function renderCoupon(shipping: { service: 'standard' | 'express'; freeReason: 'coupon' | null }) {
  render(
    <Provider store={createAppStore()}>
      <DiscountForm coupon={freeDelivery} shipping={shipping} />
    </Provider>,
  );
  return screen.getByTestId('cart-coupon-code');
}

describe('a free-delivery coupon on the cart', () => {
  it('is shown applied (green) while it frees the standard delivery chosen', () => {
    expect(renderCoupon({ service: 'standard', freeReason: 'coupon' }).className).toBe('tag tag--green');
    expect(screen.queryByTestId('cart-coupon-unused')).toBeNull();
  });

  it('is not shown applied with express delivery, and says it is not used with it', () => {
    expect(renderCoupon({ service: 'express', freeReason: null }).className).toBe('tag');
    expect(screen.getByTestId('cart-coupon-unused').textContent).toBe(
      'Free standard delivery — not used with Express. It stays in your cart for another order.',
    );
  });
});

describe('removing the code applied', () => {
  it('takes it off and gives the focus to the code field, not to the top of the page', async () => {
    vi.mocked(applyCartDiscount).mockResolvedValue(emptyCart);
    renderCoupon({ service: 'standard', freeReason: 'coupon' });
    await userEvent.click(screen.getByTestId('cart-coupon-remove'));
    expect(applyCartDiscount).toHaveBeenCalledWith({ code: null });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Discount code' })),
    );
  });
});
