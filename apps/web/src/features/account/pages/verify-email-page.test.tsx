import type { CustomerStatus } from '@storefront/contract/account';
import { errorCatalogue, type ErrorName } from '@storefront/contract/errors';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../../lib/http/session';
import { retrieveCustomerStatus, verifyEmail } from '../api';
import { VerifyEmailPage } from './verify-email-page';

vi.mock('../api');

const TOKEN = 'a'.repeat(43);

function refusedWith(name: ErrorName) {
  const { code, msg } = errorCatalogue[name];
  return { code, msg, data: null };
}

function makeStatus(emailVerified: boolean): CustomerStatus {
  return {
    customerID: 42,
    accountStatus: 'active',
    emailVerified,
    sessionExpiresAt: '2030-01-01T00:00:00.000Z',
    signedIn: true,
  };
}

function openLink() {
  render(
    <MemoryRouter initialEntries={[`/verify-email?token=${TOKEN}`]}>
      <VerifyEmailPage />
    </MemoryRouter>,
  );
}

/** Sentences of the text shown, to check none is said twice. */
function sentencesOf(element: HTMLElement): string[] {
  return (element.textContent ?? '').split(/(?<=[.!?])\s*/).filter((s) => s.trim() !== '');
}

describe('opening an email verification link', () => {
  it('a fresh link confirms the address', async () => {
    vi.mocked(verifyEmail).mockResolvedValue({ email: 'dana@example.test', verified: true });
    openLink();
    expect((await screen.findByTestId('verify-done')).textContent).toContain('dana@example.test');
  });

  it('a used link, signed in with the address confirmed, says plainly it is confirmed', async () => {
    saveToken('session-token');
    vi.mocked(verifyEmail).mockRejectedValue(refusedWith('VERIFY_LINK_INVALID'));
    vi.mocked(retrieveCustomerStatus).mockResolvedValue(makeStatus(true));
    openLink();

    const page = await screen.findByTestId('verify-already');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Your email address is already confirmed',
    );
    expect(page.textContent).not.toContain('did not confirm');
  });

  it('the answer that the address is already verified is said the same way', async () => {
    vi.mocked(verifyEmail).mockRejectedValue(refusedWith('EMAIL_ALREADY_VERIFIED'));
    openLink();
    await screen.findByTestId('verify-already');
    expect(retrieveCustomerStatus).not.toHaveBeenCalled();
  });

  it('a used link, signed in with the address still unconfirmed, asks for a new link once', async () => {
    saveToken('session-token');
    vi.mocked(verifyEmail).mockRejectedValue(refusedWith('VERIFY_LINK_INVALID'));
    vi.mocked(retrieveCustomerStatus).mockResolvedValue(makeStatus(false));
    openLink();

    const page = await screen.findByTestId('verify-spent');
    expect(page.textContent).toContain('Your address is not confirmed yet.');
    expect(page.textContent?.match(/new link/g)).toHaveLength(1);
  });

  it('a used link, signed out, says what may have happened without repeating a sentence', async () => {
    vi.mocked(verifyEmail).mockRejectedValue(refusedWith('VERIFY_LINK_INVALID'));
    openLink();

    const page = await screen.findByTestId('verify-spent');
    expect(page.textContent).toContain(
      'If you have confirmed your address already, there is nothing more to do.',
    );
    const sentences = sentencesOf(page);
    expect(new Set(sentences).size).toBe(sentences.length);
    expect(page.textContent).not.toContain(errorCatalogue.VERIFY_LINK_INVALID.msg);
    expect(retrieveCustomerStatus).not.toHaveBeenCalled();
  });

  it('a used link, when the account cannot be asked, says the same as signed out', async () => {
    saveToken('session-token');
    vi.mocked(verifyEmail).mockRejectedValue(refusedWith('VERIFY_LINK_INVALID'));
    vi.mocked(retrieveCustomerStatus).mockRejectedValue(new Error('offline'));
    openLink();

    const page = await screen.findByTestId('verify-spent');
    expect(page.textContent).toContain('If you have confirmed your address already');
  });
});
