import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@storefront/contract/errors';
import { ApiError } from '../../../lib/http/api-error';
import { makeMe, renderAt } from '../../../test-utils';
import {
  adjustStock,
  createProduct,
  listStockMovements,
  readProduct,
  updateProduct,
  uploadProductImage,
} from '../api';
import { makeAdminProduct, makeStockMovement } from '../catalogue-factories';
import { ProductPage } from './product-page';

vi.mock('../api', () => ({
  readProduct: vi.fn(),
  createProduct: vi.fn(),
  updateProduct: vi.fn(),
  adjustStock: vi.fn(),
  listStockMovements: vi.fn(),
  uploadProductImage: vi.fn(),
}));

const milk = makeAdminProduct();

function renderProduct(at = '/products/12') {
  renderAt(<ProductPage />, { path: '/products/:productID', at, me: makeMe('manager') });
}

function refusal(name: 'PRODUCT_STALE' | 'PRODUCT_SKU_TAKEN' | 'STOCK_BELOW_ZERO') {
  const { code, msg } = errorCatalogue[name];
  return new ApiError(msg, { code, status: 200 });
}

/** Puts `text` in a field in place of what it held (pasted: typing each key is slow on a loaded machine). */
async function fill(user: ReturnType<typeof userEvent.setup>, testID: string, text: string) {
  const input = screen.getByTestId(testID);
  await user.clear(input);
  await user.paste(text);
}

/** Picks an aisle or unit the way staff do: open the select, click the option. */
async function choose(user: ReturnType<typeof userEvent.setup>, testID: string, title: string) {
  await user.click(screen.getByTestId(testID));
  await user.click(await screen.findByTitle(title));
}

/** Types a store-clock time into a date picker and confirms it, as staff would. */
async function typeDateTime(testID: string, text: string) {
  const picker = screen.getByTestId(testID);
  const input = picker instanceof HTMLInputElement ? picker : within(picker).getByRole('textbox');
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  fireEvent.blur(input);
}

describe('a new product', () => {
  it('refuses a price that is not dollars and cents without sending', async () => {
    const user = userEvent.setup();
    renderProduct('/products/new');
    await fill(user, 'product-price', '4.555');
    await user.click(screen.getByTestId('product-save'));
    expect(await screen.findByText('Enter the price in dollars, such as 4.50.')).toBeTruthy();
    expect(await screen.findByText('Enter the product’s name.')).toBeTruthy();
    expect(createProduct).not.toHaveBeenCalled();
  });

  it('is sent with its price in cents and opening stock, then its page opens', async () => {
    const created = makeAdminProduct({ productID: 99, name: 'Oat milk 1L' });
    vi.mocked(createProduct).mockResolvedValue(created);
    vi.mocked(readProduct).mockResolvedValue(created);
    vi.mocked(listStockMovements).mockResolvedValue({ list: [] });
    const user = userEvent.setup();
    renderProduct('/products/new');
    expect(screen.getByRole('heading', { level: 1, name: 'New product' })).toBeTruthy();

    await fill(user, 'product-name', ' Oat milk 1L ');
    await fill(user, 'product-sku', 'OAT-1L');
    await choose(user, 'product-aisle', 'Drinks');
    await fill(user, 'product-weight', '1050');
    await fill(user, 'product-price', '3.8');
    await fill(user, 'product-pack-size', '1000');
    await choose(user, 'product-pack-unit', 'millilitres (mL)');
    expect(screen.getByTestId('product-unit-price').textContent).toBe('Unit price on the shop: $3.80 per L');
    await fill(user, 'product-opening-stock', '24');
    await user.click(within(screen.getByTestId('product-dietary')).getByLabelText('Gluten free'));
    await user.click(within(screen.getByTestId('product-dietary')).getByLabelText('Vegan'));
    await user.click(screen.getByTestId('product-save'));

    await waitFor(() =>
      expect(createProduct).toHaveBeenCalledWith({
        sku: 'OAT-1L',
        name: 'Oat milk 1L',
        brand: null,
        description: '',
        category: 'drinks',
        price: 380,
        gstFree: false,
        packSize: 1000,
        packUnit: 'ml',
        weightGrams: 1050,
        isActive: true,
        ingredients: null,
        allergensContains: [],
        allergensMayContain: [],
        originStatement: null,
        dietary: ['vegan', 'gluten_free'],
        special: null,
        stock: 24,
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Oat milk 1L' })).toBeTruthy();
    expect(readProduct).toHaveBeenCalledWith(99);
  });

  it('sends a special typed on the store’s clock as instants with Sydney’s offset', async () => {
    vi.mocked(createProduct).mockResolvedValue(makeAdminProduct({ productID: 99 }));
    const user = userEvent.setup();
    renderProduct('/products/new');
    await fill(user, 'product-name', 'Mooncake');
    await fill(user, 'product-sku', 'MOON-1');
    await choose(user, 'product-aisle', 'Mooncakes');
    await fill(user, 'product-weight', '200');
    await fill(user, 'product-price', '12');
    await user.click(screen.getByTestId('product-special-toggle'));
    await screen.findByTestId('product-special-price');
    await fill(user, 'product-special-price', '9.5');
    typeDateTime('product-special-starts', '2026-12-01 09:00');
    typeDateTime('product-special-ends', '2027-07-01 18:30');
    await user.click(screen.getByTestId('product-save'));

    await waitFor(() =>
      expect(createProduct).toHaveBeenCalledWith(
        expect.objectContaining({
          price: 1200,
          special: {
            price: 950,
            startsAt: '2026-12-01T09:00:00+11:00',
            endsAt: '2027-07-01T18:30:00+10:00',
          },
        }),
      ),
    );
  });
});

describe('an existing product', () => {
  beforeEach(() => {
    vi.mocked(readProduct).mockResolvedValue(milk);
    vi.mocked(listStockMovements).mockResolvedValue({
      list: [
        makeStockMovement({ movementID: 2, delta: -2, stockAfter: 40, reason: 'damaged', note: 'Split' }),
      ],
    });
  });

  it('shows what it holds, its stock and its latest movements', async () => {
    renderProduct();
    expect(await screen.findByRole('heading', { level: 1, name: 'Full cream milk 2L' })).toBeTruthy();
    expect(screen.getByTestId<HTMLInputElement>('product-price').value).toBe('4.50');
    expect(screen.getByTestId('product-unit-price').textContent).toBe('Unit price on the shop: $2.25 per L');
    const movements = await screen.findByTestId('stock-movements');
    expect(await within(movements).findByText('-2')).toBeTruthy();
    expect(within(movements).getByText('Split')).toBeTruthy();
    expect(readProduct).toHaveBeenCalledWith(12);
    expect(listStockMovements).toHaveBeenCalledWith(12);
  });

  it('saves the edit in cents with the version it loaded', async () => {
    const saved = makeAdminProduct({ price: 495, version: 4 });
    vi.mocked(updateProduct).mockResolvedValue(saved);
    const user = userEvent.setup();
    renderProduct();
    await screen.findByTestId('product-form');
    await fill(user, 'product-price', '$4.95');
    await user.click(screen.getByTestId('product-active'));
    await user.click(within(screen.getByTestId('product-dietary')).getByLabelText('Gluten free'));
    await user.click(screen.getByTestId('product-save'));
    await waitFor(() =>
      expect(updateProduct).toHaveBeenCalledWith(12, {
        sku: 'MILK-2L',
        name: 'Full cream milk 2L',
        brand: 'Harbour Dairy',
        description: 'Fresh from the south coast.',
        category: 'dairy',
        price: 495,
        gstFree: true,
        packSize: 2000,
        packUnit: 'ml',
        weightGrams: 2100,
        isActive: false,
        ingredients: 'Milk.',
        allergensContains: ['milk'],
        allergensMayContain: [],
        originStatement: 'Product of Australia',
        dietary: ['vegetarian'],
        special: null,
        version: 3,
      }),
    );
    expect(await screen.findByText('Saved.')).toBeTruthy();
    // The next save stands on the version the last one made.
    await user.click(screen.getByTestId('product-save'));
    await waitFor(() =>
      expect(updateProduct).toHaveBeenLastCalledWith(12, expect.objectContaining({ version: 4 })),
    );
  });

  it('keeps its special’s times on the store’s clock and sends them back as ISO strings with the offset', async () => {
    vi.mocked(readProduct).mockResolvedValue(
      makeAdminProduct({
        special: {
          price: 399,
          startsAt: '2026-11-30T13:00:00.000Z',
          endsAt: '2026-12-07T12:59:00.000Z',
          running: false,
        },
      }),
    );
    vi.mocked(updateProduct).mockResolvedValue(milk);
    const user = userEvent.setup();
    renderProduct();
    await screen.findByTestId('product-form');
    expect(screen.getByTestId<HTMLInputElement>('product-special-price').value).toBe('3.99');
    const starts = screen.getByTestId('product-special-starts');
    const startsInput = starts instanceof HTMLInputElement ? starts : within(starts).getByRole('textbox');
    expect((startsInput as HTMLInputElement).value).toBe('2026-12-01 00:00');
    await user.click(screen.getByTestId('product-save'));
    await waitFor(() =>
      expect(updateProduct).toHaveBeenCalledWith(
        12,
        expect.objectContaining({
          special: { price: 399, startsAt: '2026-12-01T00:00:00+11:00', endsAt: '2026-12-07T23:59:00+11:00' },
        }),
      ),
    );
  });

  it('turning the special off sends none', async () => {
    vi.mocked(readProduct).mockResolvedValue(
      makeAdminProduct({
        special: {
          price: 399,
          startsAt: '2026-11-30T13:00:00Z',
          endsAt: '2026-12-07T12:59:00Z',
          running: true,
        },
      }),
    );
    vi.mocked(updateProduct).mockResolvedValue(milk);
    const user = userEvent.setup();
    renderProduct();
    await user.click(await screen.findByTestId('product-special-toggle'));
    expect(screen.queryByTestId('product-special-price')).toBeNull();
    await user.click(screen.getByTestId('product-save'));
    await waitFor(() =>
      expect(updateProduct).toHaveBeenCalledWith(12, expect.objectContaining({ special: null })),
    );
  });

  it('an edit made meanwhile by someone else shows the reload notice; Reload reads it again', async () => {
    vi.mocked(updateProduct).mockRejectedValue(refusal('PRODUCT_STALE'));
    const user = userEvent.setup();
    renderProduct();
    await screen.findByTestId('product-form');
    await fill(user, 'product-name', 'Milk');
    await user.click(screen.getByTestId('product-save'));
    const notice = await screen.findByTestId('product-stale');
    expect(within(notice).getByText(errorCatalogue.PRODUCT_STALE.msg)).toBeTruthy();

    vi.mocked(readProduct).mockResolvedValue(makeAdminProduct({ name: 'Milk (their name)', version: 4 }));
    await user.click(screen.getByTestId('product-reload'));
    await waitFor(() =>
      expect(screen.getByTestId<HTMLInputElement>('product-name').value).toBe('Milk (their name)'),
    );
    expect(screen.queryByTestId('product-stale')).toBeNull();
    vi.mocked(updateProduct).mockResolvedValue(milk);
    await user.click(screen.getByTestId('product-save'));
    await waitFor(() =>
      expect(updateProduct).toHaveBeenLastCalledWith(12, expect.objectContaining({ version: 4 })),
    );
  });

  it('a taken SKU shows at the SKU, and a 400 on the special price at the special price', async () => {
    vi.mocked(readProduct).mockResolvedValue(
      makeAdminProduct({
        special: {
          price: 399,
          startsAt: '2026-11-30T13:00:00Z',
          endsAt: '2026-12-07T12:59:00Z',
          running: false,
        },
      }),
    );
    vi.mocked(updateProduct).mockRejectedValueOnce(refusal('PRODUCT_SKU_TAKEN'));
    const user = userEvent.setup();
    renderProduct();
    await screen.findByTestId('product-form');
    await user.click(screen.getByTestId('product-save'));
    expect(await screen.findByText(errorCatalogue.PRODUCT_SKU_TAKEN.msg)).toBeTruthy();

    vi.mocked(updateProduct).mockRejectedValueOnce(
      new ApiError(errorCatalogue.VALIDATION.msg, {
        code: errorCatalogue.VALIDATION.code,
        status: 400,
        fields: [{ field: 'body.special.price', message: 'must be below the price' }],
      }),
    );
    await user.click(screen.getByTestId('product-save'));
    expect(await screen.findByText('Must be below the price.')).toBeTruthy();
    expect(screen.queryByTestId('product-save-error')).toBeNull();
  });

  it('uploads a chosen image at once and shows the new one', async () => {
    vi.mocked(uploadProductImage).mockResolvedValue(
      makeAdminProduct({ imageUrl: '/products/milk-new.webp', version: 4 }),
    );
    vi.mocked(updateProduct).mockResolvedValue(milk);
    const user = userEvent.setup();
    renderProduct();
    const upload = await screen.findByTestId('product-image-upload');
    const file = new File(['webp'], 'milk.webp', { type: 'image/webp' });
    await user.upload(upload.querySelector<HTMLInputElement>('input[type=file]') ?? upload, file);
    await waitFor(() => expect(uploadProductImage).toHaveBeenCalledWith(12, file));
    await waitFor(() =>
      expect(screen.getByTestId<HTMLImageElement>('product-image').getAttribute('src')).toBe(
        '/products/milk-new.webp',
      ),
    );
    // The upload's own version step is not someone else's edit.
    await user.click(screen.getByTestId('product-save'));
    await waitFor(() =>
      expect(updateProduct).toHaveBeenCalledWith(12, expect.objectContaining({ version: 4 })),
    );
  });

  it('shows the server’s refusal of an image', async () => {
    vi.mocked(uploadProductImage).mockRejectedValue(
      new ApiError('The image must be at most 5 MB.', { code: 101301, status: 200 }),
    );
    const user = userEvent.setup();
    renderProduct();
    const upload = await screen.findByTestId('product-image-upload');
    const file = new File(['png'], 'huge.png', { type: 'image/png' });
    await user.upload(upload.querySelector<HTMLInputElement>('input[type=file]') ?? upload, file);
    expect(await screen.findByText('The image must be at most 5 MB.')).toBeTruthy();
  });

  it('adjusts the stock from the product and reads the movements again', async () => {
    vi.mocked(adjustStock).mockResolvedValue(makeAdminProduct({ stock: 52 }));
    const user = userEvent.setup();
    renderProduct();
    await screen.findByTestId('product-form');
    await user.click(screen.getByTestId('stock-adjust'));
    const form = await screen.findByTestId('stock-adjust-form');
    await user.type(within(form).getByTestId('stock-adjust-quantity'), '12');
    await user.click(screen.getByTestId('stock-adjust-submit'));
    await waitFor(() => expect(adjustStock).toHaveBeenCalledWith(12, { reason: 'received', delta: 12 }));
    expect(await screen.findByText('Stock is now 52.')).toBeTruthy();
    await waitFor(() => expect(listStockMovements).toHaveBeenCalledTimes(2));
  });

  it('an address that is no product says so', async () => {
    renderProduct('/products/milk');
    expect(await screen.findByText('There is no such product.')).toBeTruthy();
    expect(readProduct).not.toHaveBeenCalled();
  });
});
