import type { ProductSuggestions } from '@storefront/contract/catalog';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { suggestProducts } from '../api';
import { HeaderSearch } from './header-search';

vi.mock('../api');

const SUGGESTIONS: ProductSuggestions = {
  aisles: [
    { category: 'dairy', label: 'Dairy & eggs', matches: 3, isNamed: false },
    { category: 'drinks', label: 'Drinks', matches: 0, isNamed: true },
  ],
  products: [
    {
      productID: 7,
      name: 'Full Cream Milk 2L',
      price: 350,
      wasPrice: null,
      thumbnailUrl: '/products/milk.svg',
    },
    { productID: 9, name: 'Milk Chocolate', price: 500, wasPrice: 650, thumbnailUrl: '/products/choc.svg' },
  ],
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function showSearch(path = '/') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <HeaderSearch />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  return screen.getByRole('combobox', { name: 'Search products' });
}

const where = () => screen.getByTestId('where').textContent;
const optionNames = () => screen.queryAllByRole('option').map((o) => o.textContent);

/** A promise and its resolve, to answer calls in the order a test chooses. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(suggestProducts).mockResolvedValue(SUGGESTIONS);
});

describe('the header search as a combobox', () => {
  it('names its list and is closed before anything is typed', () => {
    const box = showSearch();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.getAttribute('aria-autocomplete')).toBe('list');
    const listbox = document.getElementById(box.getAttribute('aria-controls') ?? '');
    expect(listbox?.getAttribute('role')).toBe('listbox');
  });

  it('asks for suggestions from two characters, once typing pauses, and lists aisles then products', async () => {
    const user = userEvent.setup();
    const box = showSearch();
    await user.click(box);
    await user.type(box, 'm');
    await new Promise((r) => setTimeout(r, 350));
    expect(suggestProducts).not.toHaveBeenCalled();
    await user.type(box, 'ilk');
    const listbox = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(suggestProducts).toHaveBeenCalledTimes(1);
    expect(vi.mocked(suggestProducts).mock.calls[0]?.[0]).toBe('milk');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(listbox.id);
    const groups = within(listbox).getAllByRole('group');
    expect(
      groups
        .map((g) => g.getAttribute('aria-labelledby'))
        .map((id) => document.getElementById(id ?? '')?.textContent),
    ).toEqual(['Aisles', 'Products']);
    expect(optionNames()).toEqual([
      '“milk” in Dairy & eggs (3)',
      'Drinks',
      'Full Cream Milk 2L$3.50',
      'Milk Chocolate$5.00, on special',
    ]);
    expect(screen.getByTestId('header-suggestions-status').textContent).toMatch(
      /^2 aisles and 2 products suggested/,
    );
  });

  it('asks at once for what was typed before its code arrived', async () => {
    const box = showSearch();
    act(() => {
      box.focus();
    });
    fireEvent.input(box, { target: { value: 'milk' } });
    await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(vi.mocked(suggestProducts).mock.calls.map((call) => call[0])).toEqual(['milk']);
    // Open once the answer is in: the listbox is there as soon as the code is.
    await waitFor(() => expect(box.getAttribute('aria-expanded')).toBe('true'));
  });

  it('moves through the options with the arrows, the focus staying in the box, and Enter opens the one chosen', async () => {
    const user = userEvent.setup();
    const box = showSearch();
    await user.click(box);
    await user.type(box, 'milk');
    await screen.findByRole('listbox');
    expect(box.getAttribute('aria-activedescendant')).toBeNull();

    await user.keyboard('{ArrowDown}');
    const options = screen.getAllByRole('option');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[2]?.id);
    await user.keyboard('{ArrowUp}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    // Past the last option the arrows start again from the first.
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    await user.keyboard('{ArrowUp}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[3]?.id);
    expect(document.activeElement).toBe(box);

    await user.keyboard('{Enter}');
    expect(where()).toBe('/product/9');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
  });

  it('opens an aisle it names, or the search in an aisle holding matches', async () => {
    const user = userEvent.setup();
    const box = showSearch();
    await user.click(box);
    await user.type(box, 'milk');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(where()).toBe('/shop?category=drinks');

    await user.clear(box);
    await user.type(box, 'milk');
    await user.click(await screen.findByRole('option', { name: '“milk” in Dairy & eggs (3)' }));
    expect(where()).toBe('/shop?category=dairy&keyword=milk');
  });

  it('Escape closes the list and keeps what is typed; Enter on no option searches as before', async () => {
    const user = userEvent.setup();
    const box = showSearch();
    await user.click(box);
    await user.type(box, 'milk');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    expect((box as HTMLInputElement).value).toBe('milk');
    // The arrows open it again.
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}{Enter}');
    expect(where()).toBe('/shop?keyword=milk');
  });

  it('drops an answer that a later keystroke made stale', async () => {
    const early = deferred<ProductSuggestions>();
    const late = deferred<ProductSuggestions>();
    vi.mocked(suggestProducts).mockReturnValueOnce(early.promise).mockReturnValueOnce(late.promise);
    const user = userEvent.setup();
    const box = showSearch();
    await user.click(box);
    await user.type(box, 'ch');
    await waitFor(() => expect(suggestProducts).toHaveBeenCalledTimes(1));
    await user.type(box, 'e');
    await waitFor(() => expect(suggestProducts).toHaveBeenCalledTimes(2));
    expect(vi.mocked(suggestProducts).mock.calls[0]?.[1]?.aborted).toBe(true);

    await act(async () => {
      late.resolve({
        aisles: [],
        products: [SUGGESTIONS.products[0]].flatMap((p) => (p ? [{ ...p, name: 'Cheddar' }] : [])),
      });
      await late.promise;
    });
    await act(async () => {
      early.resolve({
        aisles: [],
        products: [
          {
            ...SUGGESTIONS.products[1],
            productID: 1,
            name: 'Chocolate',
            price: 1,
            wasPrice: null,
            thumbnailUrl: '',
          },
        ],
      });
      await early.promise;
    });
    expect(optionNames()).toEqual(['Cheddar$3.50']);
  });

  it('says when nothing is suggested, or the suggestions could not be had, and still searches', async () => {
    vi.mocked(suggestProducts).mockResolvedValueOnce({ aisles: [], products: [] });
    const user = userEvent.setup();
    const box = showSearch();
    await user.click(box);
    await user.type(box, 'zz');
    expect((await screen.findByTestId('header-suggestions-note')).textContent).toBe(
      'No suggestions for “zz”. Press Enter to search all products.',
    );
    expect(box.getAttribute('aria-expanded')).toBe('false');

    vi.mocked(suggestProducts).mockRejectedValueOnce(new Error('offline'));
    await user.type(box, 'z');
    await waitFor(() =>
      expect(screen.getByTestId('header-suggestions-note').textContent).toBe(
        'Suggestions could not be loaded. Press Enter to search.',
      ),
    );
    await user.keyboard('{Enter}');
    expect(where()).toBe('/shop?keyword=zzz');
  });
});
