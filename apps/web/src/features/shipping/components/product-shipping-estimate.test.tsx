import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ESTIMATE_SUBURB_KEY } from '../../../lib/http/session';
import * as suburbApi from '../../suburb/api';
import { ProductShippingEstimate } from './product-shipping-estimate';

vi.mock('../../suburb/api');
vi.mock('../api');

/** Whether the suburb search's code can be fetched. */
const searchChunk = vi.hoisted(() => ({ isReachable: true }));

vi.mock('./suburb-search-island', () => {
  if (!searchChunk.isReachable) {
    throw new TypeError('Failed to fetch dynamically imported module: /assets/suburb-search-island.js');
  }
  return { SuburbSearchIsland: () => <input aria-label="Suburb search" /> };
});

describe('the suburb the product page remembers', () => {
  it('a failed lookup does not forget the suburb another tab kept while it was out', async () => {
    localStorage.setItem(ESTIMATE_SUBURB_KEY, '12');
    let failLookup: () => void = () => undefined;
    vi.mocked(suburbApi.findSuburb).mockReturnValue(
      new Promise((_, reject) => (failLookup = () => reject(new Error('offline')))),
    );
    render(<ProductShippingEstimate productID={1} quantity={1} isSignedIn={false} />);
    await waitFor(() => expect(suburbApi.findSuburb).toHaveBeenCalledWith(12));
    localStorage.setItem(ESTIMATE_SUBURB_KEY, '34');
    failLookup();
    await new Promise((settled) => setTimeout(settled, 0));
    expect(localStorage.getItem(ESTIMATE_SUBURB_KEY)).toBe('34');
  });
});

describe('the suburb search', () => {
  it('offline, says it could not load beside the field, and Try again back online loads it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    searchChunk.isReachable = false;
    render(<ProductShippingEstimate productID={1} quantity={1} isSignedIn={false} />);

    fireEvent.focus(screen.getByTestId('product-shipping-suburb-input'));
    const failed = await screen.findByTestId('product-shipping-search-load-failed');
    expect(failed.textContent).toContain('The suburb search could not be loaded');
    expect(screen.getByTestId('product-shipping-suburb-input')).toBeTruthy();

    searchChunk.isReachable = true;
    fireEvent.click(screen.getByTestId('product-shipping-search-load-failed-retry'));
    expect(await screen.findByLabelText('Suburb search')).toBeTruthy();
    expect(screen.queryByTestId('product-shipping-search-load-failed')).toBeNull();
  });
});
