import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../../app/store';
import { listCart } from '../../cart/api';
import { reorder } from '../api';
import { BuyAgainButton } from './buy-again-button';

vi.mock('../api', () => ({ reorder: vi.fn() }));
vi.mock('../../cart/api');

describe('"Buy again"', () => {
  it('names what could not be added and why, counting one item as one', async () => {
    vi.mocked(listCart).mockReturnValue(new Promise(() => {}));
    vi.mocked(reorder).mockResolvedValue({
      added: 1,
      lines: [
        { productID: 1, name: 'Rolled Oats 1kg', asked: 1, added: 1, reason: null },
        { productID: 2, name: 'Mooncake', asked: 2, added: 0, reason: 'unavailable' },
        { productID: 3, name: 'Vegemite 380g', asked: 1, added: 0, reason: 'out_of_stock' },
      ],
    });
    render(
      <Provider store={createAppStore()}>
        <MemoryRouter>
          <BuyAgainButton orderID={12} />
        </MemoryRouter>
      </Provider>,
    );
    await userEvent.click(screen.getByTestId('buy-again-12'));

    expect(await screen.findAllByText('Added 1 item; some could not be added')).not.toHaveLength(0);
    expect(screen.getByTestId('buy-again-left-out').textContent).toBe(
      'Mooncake: no longer soldVegemite 380g: sold out',
    );
  });
});
