import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ButtonLink } from './button-link';

function renderAt(start: string, ref = createRef<HTMLAnchorElement>()) {
  render(
    <MemoryRouter initialEntries={[start]}>
      <Routes>
        <Route
          path="/orders"
          element={
            <ButtonLink to="/shop?aisle=fruit" type="primary" ref={ref} data-testid="to-shop">
              Start shopping
            </ButtonLink>
          }
        />
        <Route path="/shop" element={<h1>The shop</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  return ref;
}

describe('a button link', () => {
  it('is one link, with no control inside it, and the ref is that link', () => {
    const ref = renderAt('/orders');
    const link = screen.getByRole('link', { name: 'Start shopping' });
    expect(link.getAttribute('href')).toBe('/shop?aisle=fruit');
    expect(link.dataset.testid).toBe('to-shop');
    expect(link.querySelector('button, a')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(ref.current).toBe(link);
  });

  it('opens its page in the app when clicked', async () => {
    renderAt('/orders');
    await userEvent.click(screen.getByRole('link', { name: 'Start shopping' }));
    expect(screen.queryByRole('heading', { name: 'The shop' })).not.toBeNull();
  });

  it('leaves a modified click to the browser, to open a new tab', () => {
    renderAt('/orders');
    fireEvent.click(screen.getByRole('link', { name: 'Start shopping' }), { ctrlKey: true });
    expect(screen.queryByRole('heading', { name: 'The shop' })).toBeNull();
  });
});
