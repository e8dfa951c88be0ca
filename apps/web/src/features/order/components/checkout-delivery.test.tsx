import { render, screen } from '@testing-library/react';
import { Form } from 'antd';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { makeAddress } from '../../../test-support/address';
import { CheckoutDelivery } from './checkout-delivery';

vi.mock('../../delivery/api');

describe('the checkout’s delivery addresses', () => {
  it('name a one-name recipient by that name alone, without a trailing space', () => {
    render(
      <MemoryRouter>
        <Form>
          <CheckoutDelivery
            addresses={[makeAddress({ addressID: 7, firstName: 'Cher', lastName: '' })]}
            options={[]}
            quoteError={null}
            onRetryQuote={vi.fn()}
            addressID={null}
            onWindow={vi.fn()}
            windowsReloadKey={0}
          />
        </Form>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('checkout-address-7').querySelector('strong')?.textContent).toBe('Cher');
  });
});
