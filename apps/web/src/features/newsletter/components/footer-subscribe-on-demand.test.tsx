import { NEWSLETTER_OFFER } from '@storefront/contract/limits';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FooterSubscribeOnDemand } from './footer-subscribe-on-demand';

vi.mock('../api');

describe('the footer newsletter form, loaded after the first paint', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the offer in the form’s room first, then the form a few seconds after the page has loaded', async () => {
    vi.useFakeTimers();
    render(
      <MemoryRouter>
        <FooterSubscribeOnDemand accountEmail={null} />
      </MemoryRouter>,
    );
    const room = screen.getByTestId('footer-subscribe-loading');
    expect(room.textContent).toContain(NEWSLETTER_OFFER.title);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByTestId('footer-subscribe-email')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(4000));
    vi.useRealTimers();
    expect(await screen.findByTestId('footer-subscribe-email')).toBeTruthy();
    expect(screen.queryByTestId('footer-subscribe-loading')).toBeNull();
    expect(screen.getByTestId('footer-subscribe-offer').textContent).toBe(NEWSLETTER_OFFER.description);
  });
});
