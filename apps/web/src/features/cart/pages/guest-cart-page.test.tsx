import type { Product } from '@storefront/contract/catalog';
import { errorCatalogue } from '@storefront/contract/errors';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../../app/store';
import { listCart } from '../api';
import { addToGuestCart, readGuestCart } from '../guest-cart';
import type { ReadProduct } from '../guest-cart-lines';
import { makeCartRoute } from './cart-page';
import { REGISTER_TO_CHECK_OUT, SIGN_IN_TO_CHECK_OUT } from './guest-cart-page';

vi.mock('../api');

function makeProduct(productID: number, overrides: Partial<Product> = {}): Product {
  return {
    productID,
    sku: `SKU-${productID}`,
    name: `Product ${productID}`,
    description: '',
    imageUrl: `/products/${productID}.svg`,
    price: 250,
    stock: 10,
    weightGrams: 100,
    category: 'pantry',
    isActive: true,
    available: true,
    unitPrice: null,
    wasPrice: null,
    isOnSpecial: false,
    specialEndsAt: null,
    thumbnailUrl: `/products/${productID}-320.webp`,
    brand: null,
    ingredients: null,
    allergensContains: [],
    allergensMayContain: [],
    originStatement: null,
    dietary: [],
    ...overrides,
  };
}

/** A product read answering from `products`; an id not there is refused as the API refuses it. */
function readFrom(products: Product[]) {
  return vi.fn<ReadProduct>((productID) => {
    const product = products.find((p) => p.productID === productID);
    return product
      ? Promise.resolve(product)
      : Promise.reject({ code: errorCatalogue.NOT_FOUND.code, msg: 'No such product.' });
  });
}

function renderCart(readProduct: ReadProduct) {
  const router = createMemoryRouter(
    [
      { path: '/cart', Component: makeCartRoute(readProduct) },
      { path: '/login', element: <p>Sign-in page</p> },
      { path: '/register', element: <p>Registration page</p> },
      { path: '/shop', element: <p>The shop</p> },
    ],
    { initialEntries: ['/cart'] },
  );
  render(
    <Provider store={createAppStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}

const storedQuantities = () => readGuestCart().items.map((item) => [item.productID, item.quantity]);

beforeEach(() => {
  localStorage.clear();
  vi.mocked(listCart).mockReset();
});

describe('the cart signed out', () => {
  it('shows the lines kept in this browser, each priced by one product read, with their subtotal', async () => {
    addToGuestCart(1, 2);
    addToGuestCart(2, 1);
    const read = readFrom([
      makeProduct(1, { name: 'Apples', price: 450 }),
      makeProduct(2, { name: 'Pears' }),
    ]);
    renderCart(read);

    expect(screen.getByTestId('cart-loading')).toBeTruthy();
    expect((await screen.findByTestId('cart-line-name-1')).textContent).toBe('Apples');
    expect(screen.getByTestId('cart-line-total-1').textContent).toBe('$9.00');
    expect(screen.getByTestId('cart-line-total-2').textContent).toBe('$2.50');
    expect(screen.getByTestId('cart-line-quantity-1')).toHaveProperty('value', '2');
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('$11.50');
    expect(screen.getByText('Subtotal (3 items)')).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent).toBe('$11.50');
    expect(read.mock.calls.map(([id]) => id).sort()).toEqual([1, 2]);
    // The account's cart is never asked for signed out.
    expect(listCart).not.toHaveBeenCalled();
  });

  it('says what the specials save, with the regular price beside each special', async () => {
    addToGuestCart(1, 2);
    addToGuestCart(2, 1);
    addToGuestCart(3, 1);
    renderCart(
      readFrom([
        makeProduct(1, { name: 'Apples', price: 350, wasPrice: 500, isOnSpecial: true }),
        makeProduct(2, { name: 'Pears' }),
        // Sold out: not being bought, so not saved on.
        makeProduct(3, { price: 100, wasPrice: 900, isOnSpecial: true, stock: 0, available: false }),
      ]),
    );
    expect((await screen.findByTestId('cart-savings')).textContent).toBe('You save $3.00 on specials');
    expect(screen.getByTestId('cart-line-was-1').textContent).toBe('was $5.00');
    expect(screen.queryByTestId('cart-line-was-2')).toBeNull();
  });

  it('a quantity stepped changes the stored guest cart and the totals, and is said to a screen reader', async () => {
    addToGuestCart(1, 1);
    addToGuestCart(2, 1);
    const read = readFrom([makeProduct(1, { name: 'Apples', price: 450 }), makeProduct(2)]);
    renderCart(read);

    await userEvent.click(await screen.findByRole('button', { name: 'One more Apples' }));

    expect(storedQuantities()).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(screen.getByTestId('cart-line-total-1').textContent).toBe('$9.00');
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('$11.50');
    expect(screen.getByTestId('cart-quantity-status').textContent).toBe('Apples: 2 in your cart.');
    // A quantity change reads no product again.
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('a typed quantity above the stock is capped to it', async () => {
    addToGuestCart(1, 1);
    renderCart(readFrom([makeProduct(1, { name: 'Apples', stock: 4 })]));

    const field = await screen.findByTestId('cart-line-quantity-1');
    await userEvent.clear(field);
    await userEvent.type(field, '9{Enter}');

    expect(storedQuantities()).toEqual([[1, 4]]);
    expect(screen.getByTestId('cart-line-quantity-1-hint').textContent).toBe('Only 4 in stock: set to 4.');
  });

  it('a line removed leaves the stored guest cart, and the last one leaves the trolley empty', async () => {
    addToGuestCart(1, 1);
    addToGuestCart(2, 3);
    renderCart(readFrom([makeProduct(1), makeProduct(2, { name: 'Pears' })]));

    await userEvent.click(await screen.findByTestId('cart-line-delete-2'));
    await userEvent.click(screen.getByTestId('cart-delete-confirm'));
    expect(storedQuantities()).toEqual([[1, 1]]);
    expect(screen.queryByTestId('cart-line-2')).toBeNull();
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('$2.50');

    await userEvent.click(screen.getByTestId('cart-line-delete-1'));
    await userEvent.click(screen.getByTestId('cart-delete-confirm'));
    expect(localStorage.getItem('storefront.guestCart')).toBeNull();
    expect(screen.getByTestId('cart-empty').textContent).toContain('Your trolley is empty');
  });

  it('marks lines that cannot be bought and leaves them out of the subtotal', async () => {
    addToGuestCart(1, 1);
    addToGuestCart(2, 1);
    addToGuestCart(3, 5);
    addToGuestCart(4, 1);
    renderCart(
      readFrom([
        makeProduct(1),
        makeProduct(2, { name: 'Sold out', stock: 0, available: false }),
        makeProduct(3, { name: 'Nearly gone', stock: 2 }),
      ]),
    );

    const unavailable = await screen.findByTestId('cart-unavailable');
    expect(within(unavailable).getByTestId('cart-line-reason-2').textContent).toBe('Out of stock');
    expect(within(unavailable).getByTestId('cart-line-reason-4').textContent).toBe('No longer sold');
    expect(within(unavailable).getByTestId('cart-line-name-4').textContent).toBe(
      'A product no longer in our shop',
    );
    // Asking for more than is left: kept among the lines, marked, with its quantity to lower.
    const available = screen.getByTestId('cart-available');
    expect(within(available).getByTestId('cart-line-reason-3').textContent).toBe('Not enough stock (2 left)');
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('$2.50');
    expect(screen.getByText('Subtotal (1 item)')).toBeTruthy();

    await userEvent.click(screen.getByTestId('cart-unavailable-clear'));
    expect(storedQuantities()).toEqual([
      [1, 1],
      [3, 5],
    ]);
  });

  it('says the cart could not be loaded, and Try again reads what failed', async () => {
    addToGuestCart(1, 1);
    const read = vi
      .fn<ReadProduct>()
      .mockRejectedValueOnce(new Error('The shop is busy.'))
      .mockResolvedValue(makeProduct(1, { name: 'Apples' }));
    renderCart(read);

    expect((await screen.findByTestId('cart-error')).textContent).toContain('The shop is busy.');
    await userEvent.click(screen.getByTestId('cart-error-retry'));
    expect((await screen.findByTestId('cart-line-name-1')).textContent).toBe('Apples');
  });

  it('with nothing kept, says the trolley is empty and reads nothing', async () => {
    const read = readFrom([]);
    renderCart(read);
    expect((await screen.findByTestId('cart-empty')).textContent).toContain('Your trolley is empty');
    expect(read).not.toHaveBeenCalled();
  });

  it('asks for sign-in to check out, coming back to checkout, with a way to register', async () => {
    addToGuestCart(1, 1);
    const router = renderCart(readFrom([makeProduct(1)]));

    const signIn = await screen.findByRole('link', { name: 'Sign in to check out' });
    expect(signIn.getAttribute('href')).toBe('/login?redirect=%2Fcheckout');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      REGISTER_TO_CHECK_OUT,
    );
    await userEvent.click(signIn);
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(SIGN_IN_TO_CHECK_OUT);
    expect(screen.getByText('Sign-in page')).toBeTruthy();
  });

  it('reads the product of a line added while the page is open, and only that one', async () => {
    addToGuestCart(1, 1);
    const read = readFrom([makeProduct(1), makeProduct(2, { name: 'Pears' })]);
    renderCart(read);
    await screen.findByTestId('cart-line-1');

    act(() => addToGuestCart(2, 1));
    expect((await screen.findByTestId('cart-line-name-2')).textContent).toBe('Pears');
    expect(read.mock.calls.map(([id]) => id)).toEqual([1, 2]);
  });
});
