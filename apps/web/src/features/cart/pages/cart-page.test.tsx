import type { CartLine, CartList } from '@storefront/contract/cart';
import type { ShippingQuote } from '@storefront/contract/shipping';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../../app/store';
import type { CartShipping } from '../../shipping/use-cart-shipping';
import { compareCart, deleteCartLines, listCart, updateCartLine } from '../api';
import { cartReceived, emptyCart } from '../cart-slice';
import { dropFocusToBody } from '../../../test-support/focus';
import { makeWindowQuote } from '../../../test-support/shipping-quote';
import { CartPage } from './cart-page';

/** The delivery prices the cart is shown: none unless a test sets them. */
const shippingQuote = vi.hoisted(() => ({ current: null as ShippingQuote | null }));

vi.mock('../api');
vi.mock('../../shipping/use-cart-shipping', () => ({
  useCartShipping: (): CartShipping => ({
    isAddressBookLoaded: true,
    addresses: [],
    addressID: null,
    chooseAddress: async () => undefined,
    isChoosing: false,
    status: shippingQuote.current ? 'succeeded' : 'idle',
    quote: shippingQuote.current,
    error: null,
    service: 'standard',
    chooseService: () => undefined,
    chosenOption: null,
    retry: () => undefined,
  }),
}));

function makeLine(productID: number, overrides: Partial<CartLine> = {}): CartLine {
  return {
    productID,
    sku: `SKU-${productID}`,
    name: `Product ${productID}`,
    imageUrl: `/products/${productID}.svg`,
    category: 'pantry',
    price: 500,
    regularPrice: 500,
    quantity: 1,
    selected: true,
    allowSubstitute: true,
    lineTotal: 500,
    stock: 10,
    weightGrams: 100,
    gstFree: true,
    unavailableReason: null,
    addedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A cart whose lines with an unavailable reason are listed apart, as the server lists them. */
function makeCart(lines: CartLine[]): CartList {
  return {
    ...emptyCart,
    available: lines.filter((line) => line.unavailableReason === null),
    unavailable: lines.filter((line) => line.unavailableReason !== null),
    count: lines.length,
    lineCount: lines.length,
  };
}

/** The cart page over a server holding `lines`; removals change what it holds, or fail when `removal` says so. */
function renderCart(lines: CartLine[], removal: 'succeeds' | 'fails' = 'succeeds') {
  let held = makeCart(lines);
  vi.mocked(listCart).mockImplementation(async () => held);
  vi.mocked(compareCart).mockResolvedValue({ hasChanges: false, lines: [] });
  let answerRemoval: () => void = () => undefined;
  vi.mocked(deleteCartLines).mockImplementation(
    (ids) =>
      new Promise((resolve, reject) => {
        answerRemoval = () => {
          if (removal === 'fails') {
            reject({ code: 100500, msg: 'Your cart could not be changed.', data: null });
            return;
          }
          held = makeCart(
            [...held.available, ...held.unavailable].filter((line) => !ids.includes(line.productID)),
          );
          resolve(held);
        };
      }),
  );
  const store = createAppStore();
  store.dispatch(cartReceived(held));
  render(
    <Provider store={store}>
      <MemoryRouter>
        <CartPage />
      </MemoryRouter>
    </Provider>,
  );
  return { answerRemoval: () => act(async () => answerRemoval()) };
}

/** Trash button, Tab past Keep to Remove, Enter: as a keyboard user confirms. */
async function confirmRemoval(productID: number) {
  screen.getByTestId(`cart-line-delete-${productID}`).focus();
  await userEvent.keyboard('{Enter}');
  await userEvent.tab();
  await userEvent.keyboard('{Enter}');
}

beforeEach(() => {
  vi.resetAllMocks();
  shippingQuote.current = null;
});

describe('removing a cart line by keyboard', () => {
  it("after removing a cart line, focus moves to the next line's remove button", async () => {
    const { answerRemoval } = renderCart([makeLine(1), makeLine(2), makeLine(3)]);
    await confirmRemoval(2);
    await answerRemoval();
    expect(screen.queryByTestId('cart-line-2')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('cart-line-delete-3'));
  });

  it("after removing the last cart line, focus moves to the line before's remove button", async () => {
    const { answerRemoval } = renderCart([makeLine(1), makeLine(2)]);
    await confirmRemoval(2);
    await answerRemoval();
    expect(document.activeElement).toBe(screen.getByTestId('cart-line-delete-1'));
  });

  it('after removing the last available line, focus moves to the first unavailable line', async () => {
    const { answerRemoval } = renderCart([
      makeLine(1),
      makeLine(2, { unavailableReason: 'out_of_stock', stock: 0 }),
    ]);
    await confirmRemoval(1);
    await answerRemoval();
    expect(document.activeElement).toBe(screen.getByTestId('cart-line-delete-2'));
  });

  it('after removing the only cart line, focus moves to Start shopping', async () => {
    const { answerRemoval } = renderCart([makeLine(1)]);
    await confirmRemoval(1);
    await answerRemoval();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Start shopping' }));
  });

  it('when a cart line cannot be removed, focus goes back to its remove button', async () => {
    const { answerRemoval } = renderCart([makeLine(1), makeLine(2)], 'fails');
    await confirmRemoval(1);
    const trash = screen.getByTestId('cart-line-delete-1');
    expect(trash).toHaveProperty('disabled', true);
    dropFocusToBody();
    expect(document.activeElement).toBe(document.body);
    await answerRemoval();
    expect(screen.getByTestId('cart-line-1')).toBeDefined();
    expect(document.activeElement).toBe(trash);
  });

  it('after removing every unavailable line at once, focus moves to the last available line', async () => {
    const { answerRemoval } = renderCart([
      makeLine(1),
      makeLine(2),
      makeLine(3, { unavailableReason: 'out_of_stock', stock: 0 }),
      makeLine(4, { unavailableReason: 'inactive' }),
    ]);
    screen.getByTestId('cart-unavailable-clear').focus();
    await userEvent.keyboard('{Enter}');
    await answerRemoval();
    expect(screen.queryByTestId('cart-unavailable')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('cart-line-delete-2'));
  });
});

describe("a line's substitute", () => {
  it('is asked on lines that can be ordered, and unticking it sends the choice', async () => {
    renderCart([makeLine(1), makeLine(2, { unavailableReason: 'out_of_stock', stock: 0 })]);
    vi.mocked(updateCartLine).mockResolvedValue(makeCart([makeLine(1, { allowSubstitute: false })]));
    const box = screen.getByTestId<HTMLInputElement>('cart-line-substitute-1');
    expect(box.checked).toBe(true);
    expect(screen.queryByTestId('cart-line-substitute-2')).toBeNull();
    await userEvent.click(box);
    expect(updateCartLine).toHaveBeenCalledWith({ productID: 1, allowSubstitute: false });
    expect(screen.getByTestId<HTMLInputElement>('cart-line-substitute-1').checked).toBe(false);
  });

  it('stays as it was when the change is refused', async () => {
    renderCart([makeLine(1)]);
    vi.mocked(updateCartLine).mockRejectedValue({ code: 100500, msg: 'Try again.', data: null });
    await userEvent.click(screen.getByTestId('cart-line-substitute-1'));
    expect(updateCartLine).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId<HTMLInputElement>('cart-line-substitute-1').checked).toBe(true);
  });
});

describe("a line's quantity", () => {
  it('taken by the server is said in a live region, and a refused one is not', async () => {
    renderCart([makeLine(1, { quantity: 3 })]);
    const status = screen.getByTestId('cart-quantity-status');
    expect(status.getAttribute('role')).toBe('status');
    vi.mocked(updateCartLine).mockResolvedValueOnce(makeCart([makeLine(1, { quantity: 2 })]));
    const quantity = screen.getByTestId('cart-line-quantity-1');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2{Enter}');
    expect(updateCartLine).toHaveBeenCalledWith({ productID: 1, quantity: 2 });
    await screen.findByText('Product 1: 2 in your cart.');
    expect(screen.getByTestId('cart-quantity-status')).toBe(status);
    expect(status.textContent).toBe('Product 1: 2 in your cart.');

    vi.mocked(updateCartLine).mockRejectedValueOnce({ code: 100500, msg: 'Try again.', data: null });
    await userEvent.click(screen.getByRole('button', { name: 'One more Product 1' }));
    expect(updateCartLine).toHaveBeenCalledWith({ productID: 1, quantity: 3 });
    await act(async () => undefined);
    expect(status.textContent).toBe('');
  });
});

describe('while a line’s change is being sent', () => {
  it('its boxes keep the keyboard’s focus and take no second change until the answer', async () => {
    renderCart([makeLine(1)]);
    let answer: (cart: CartList) => void = () => undefined;
    vi.mocked(updateCartLine).mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const select = screen.getByTestId<HTMLInputElement>('cart-line-select-1');
    select.focus();
    await userEvent.keyboard(' ');
    expect(updateCartLine).toHaveBeenCalledWith({ productID: 1, selected: false });
    expect(select.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(select);
    await userEvent.keyboard(' ');
    await userEvent.click(screen.getByTestId('cart-line-substitute-1'));
    expect(updateCartLine).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId<HTMLInputElement>('cart-line-substitute-1').checked).toBe(true);

    await act(async () => answer(makeCart([makeLine(1, { selected: false })])));
    expect(select.checked).toBe(false);
    expect(select.getAttribute('aria-disabled')).toBe('false');
  });
});

describe("below the delivery zone's minimum order", () => {
  it('Checkout waits, saying how much more to add', () => {
    shippingQuote.current = makeWindowQuote({ subtotal: 1_760, minimumOrder: 3_000, amountToMinimum: 1_240 });
    renderCart([makeLine(1)]);
    const checkout = screen.getByTestId<HTMLButtonElement>('cart-checkout');
    expect(checkout.disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Checkout' }).getAttribute('aria-describedby')).toBe(
      'cart-checkout-blocked',
    );
    expect(document.getElementById('cart-checkout-blocked')?.textContent).toBe(
      'Add $12.40 more to reach the $30.00 minimum for delivery to 2000.',
    );
  });

  it('with the minimum reached, Checkout is open and nothing is said', () => {
    shippingQuote.current = makeWindowQuote({ subtotal: 3_000, minimumOrder: 3_000, amountToMinimum: 0 });
    renderCart([makeLine(1)]);
    expect(screen.getByTestId<HTMLButtonElement>('cart-checkout').disabled).toBe(false);
    expect(document.getElementById('cart-checkout-blocked')).toBeNull();
  });
});

describe("the cart's specials", () => {
  it('says what the selected lines on special save, and each special line its regular price', () => {
    renderCart([
      makeLine(1, { price: 350, regularPrice: 500, quantity: 2, lineTotal: 700 }),
      makeLine(2, { price: 110, regularPrice: 220, quantity: 1, lineTotal: 110 }),
      makeLine(3, { price: 100, regularPrice: 900, selected: false }),
      makeLine(4),
    ]);
    expect(screen.getByTestId('cart-savings').textContent).toBe('You save $4.10 on specials');
    expect(screen.getByTestId('cart-line-was-1').textContent).toBe('was $5.00');
    expect(screen.queryByTestId('cart-line-was-4')).toBeNull();
  });

  it('says nothing about savings without a special', () => {
    renderCart([makeLine(1)]);
    expect(screen.queryByTestId('cart-savings')).toBeNull();
  });
});
