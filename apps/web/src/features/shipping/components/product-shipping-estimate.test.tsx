import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ESTIMATE_SUBURB_KEY } from '../../../lib/http/session';
import * as suburbApi from '../../suburb/api';
import { ProductShippingEstimate } from './product-shipping-estimate';

vi.mock('../../suburb/api');
vi.mock('../api');

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
