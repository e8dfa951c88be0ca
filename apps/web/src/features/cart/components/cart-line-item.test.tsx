import type { CartLine } from '@storefront/contract/cart';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { CartLineItem } from './cart-line-item';

function makeLine(overrides: Partial<CartLine> = {}): CartLine {
  return {
    productID: 9,
    sku: 'TEA-9',
    name: 'Green tea',
    imageUrl: '/tea.jpg',
    category: 'Tea',
    price: 500,
    regularPrice: 500,
    quantity: 2,
    selected: true,
    allowSubstitute: true,
    lineTotal: 1000,
    stock: 10,
    weightGrams: 100,
    gstFree: true,
    unavailableReason: null,
    addedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function renderLine() {
  const onDelete = vi.fn();
  render(
    <MemoryRouter>
      <CartLineItem line={makeLine()} isBusy={false} onDelete={onDelete} />
    </MemoryRouter>,
  );
  return { trash: screen.getByTestId('cart-line-delete-9'), onDelete };
}

async function askToRemove(trash: HTMLElement) {
  trash.focus();
  await userEvent.keyboard('{Enter}');
}

describe('removing a cart line by keyboard', () => {
  it('moves focus into the question, to Keep', async () => {
    const { trash } = renderLine();
    await askToRemove(trash);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep' }));
  });

  it('gives focus back to the trash button when Keep closes the question', async () => {
    const { trash, onDelete } = renderLine();
    await askToRemove(trash);
    await userEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trash);
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('gives focus back to the trash button when Escape closes the question', async () => {
    const { trash, onDelete } = renderLine();
    await askToRemove(trash);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trash);
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('removes the line once the customer confirms', async () => {
    const { trash, onDelete } = renderLine();
    await askToRemove(trash);
    await userEvent.click(screen.getByTestId('cart-delete-confirm'));
    expect(onDelete).toHaveBeenCalledTimes(1);
  });
});

describe('a line on special', () => {
  it('shows the regular price struck through beside its price, read as the was price', () => {
    render(
      <MemoryRouter>
        <CartLineItem line={makeLine({ price: 350, regularPrice: 500 })} isBusy={false} onDelete={vi.fn()} />
      </MemoryRouter>,
    );
    const was = screen.getByTestId('cart-line-was-9');
    expect(was.textContent).toBe('was $5.00');
    expect(was.querySelector('s')?.textContent).toBe('$5.00');
  });

  it('shows no was price at the regular price', () => {
    render(
      <MemoryRouter>
        <CartLineItem line={makeLine()} isBusy={false} onDelete={vi.fn()} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('cart-line-was-9')).toBeNull();
  });
});
