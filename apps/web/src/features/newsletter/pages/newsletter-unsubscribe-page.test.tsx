import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError } from 'axios';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { unsubscribeByLink } from '../api';
import { NewsletterUnsubscribePage } from './newsletter-unsubscribe-page';

vi.mock('../api', () => ({ unsubscribeByLink: vi.fn() }));

const TOKEN = 'aBc_123-xyz';

function renderAt(query: string) {
  render(
    <MemoryRouter initialEntries={[`/newsletter/unsubscribe${query}`]}>
      <NewsletterUnsubscribePage />
    </MemoryRouter>,
  );
}

const confirm = () => userEvent.click(screen.getByTestId('newsletter-unsubscribe-confirm'));

describe('the unsubscribe page', () => {
  it('shows the address, asks for one click, and sends the link’s address and token', async () => {
    vi.mocked(unsubscribeByLink).mockResolvedValue({ subscribed: false });
    renderAt(`?email=ann%40example.com&token=${TOKEN}`);
    expect(document.title).toBe('Unsubscribe from the newsletter · Harbour Grocer');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Unsubscribe from the newsletter');
    expect(screen.getByTestId('newsletter-unsubscribe-email').textContent).toBe('ann@example.com');
    expect(unsubscribeByLink).not.toHaveBeenCalled();

    await confirm();
    await screen.findByTestId('newsletter-unsubscribe-done');
    expect(unsubscribeByLink).toHaveBeenCalledWith({ email: 'ann@example.com', token: TOKEN });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'You are unsubscribed',
    ]);
  });

  it.each([
    ['no token', '?email=ann%40example.com'],
    ['no address', `?token=${TOKEN}`],
    ['a token with characters a link never has', '?email=ann%40example.com&token=a%20b'],
  ])('calls a link with %s invalid without asking the server', (_case, query) => {
    renderAt(query);
    screen.getByTestId('newsletter-unsubscribe-invalid');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This unsubscribe link does not work');
    expect(unsubscribeByLink).not.toHaveBeenCalled();
  });

  it('calls the link invalid when the server does not accept its signature', async () => {
    vi.mocked(unsubscribeByLink).mockRejectedValue({ code: 100802, msg: 'not valid', data: null });
    renderAt(`?email=ann%40example.com&token=${TOKEN}`);
    await confirm();
    await screen.findByTestId('newsletter-unsubscribe-invalid');
  });

  it('calls the link invalid when the server finds it malformed (HTTP 400)', async () => {
    vi.mocked(unsubscribeByLink).mockRejectedValue({
      status: 400,
      data: { code: 100001, msg: 'bad', data: null },
    });
    renderAt(`?email=ann%40example&token=${TOKEN}`);
    await confirm();
    await screen.findByTestId('newsletter-unsubscribe-invalid');
  });

  it('keeps the question on screen with the error when the call fails, and tries again', async () => {
    vi.mocked(unsubscribeByLink)
      .mockRejectedValueOnce(new AxiosError('Network Error', AxiosError.ERR_NETWORK))
      .mockResolvedValueOnce({ subscribed: false });
    renderAt(`?email=ann%40example.com&token=${TOKEN}`);
    await confirm();
    expect((await screen.findByTestId('newsletter-unsubscribe-error')).textContent).toContain(
      'Please check your network connection',
    );
    await confirm();
    await screen.findByTestId('newsletter-unsubscribe-done');
  });
});
