import type { CustomerStatus } from '@storefront/contract/account';
import { errorCatalogue, type ErrorName } from '@storefront/contract/errors';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { saveEmail, saveToken } from '../../../lib/http/session';
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

  it('a link confirmed in a browser signed in as another customer says whose address it confirmed and whose account this is', async () => {
    saveToken('session-token');
    saveEmail('bob@example.test');
    vi.mocked(verifyEmail).mockResolvedValue({ email: 'anna@example.test', verified: true });
    openLink();

    const page = await screen.findByTestId('verify-done');
    expect(page.textContent).toContain('anna@example.test');
    expect(page.textContent).toContain('This browser is signed in as bob@example.test, another account.');
    expect(screen.queryByText('Back to your account')).toBeNull();
    expect(screen.getByTestId('verify-continue').textContent).toBe('Continue shopping');
  });

  it('a link confirmed in the browser of the same customer, whatever the letter case, goes back to the account', async () => {
    saveToken('session-token');
    saveEmail('Anna@Example.test');
    vi.mocked(verifyEmail).mockResolvedValue({ email: 'anna@example.test', verified: true });
    openLink();

    const page = await screen.findByTestId('verify-done');
    expect(page.textContent).not.toContain('another account');
    expect(screen.getByTestId('verify-continue').textContent).toBe('Back to your account');
  });

  it('the answer that the address is already verified says so, without asking the account signed in here', async () => {
    vi.mocked(verifyEmail).mockRejectedValue(refusedWith('EMAIL_ALREADY_VERIFIED'));
    openLink();
    await screen.findByTestId('verify-already');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Your email address is already confirmed',
    );
    expect(retrieveCustomerStatus).not.toHaveBeenCalled();
  });

  it("a spent link opened signed in as another customer whose address is confirmed does not call this link's address confirmed", async () => {
    saveToken('session-token');
    saveEmail('bob@example.test');
    vi.mocked(verifyEmail).mockRejectedValue(refusedWith('VERIFY_LINK_INVALID'));
    vi.mocked(retrieveCustomerStatus).mockResolvedValue(makeStatus(true));
    openLink();

    await screen.findByTestId('verify-spent');
    expect(screen.queryByTestId('verify-already')).toBeNull();
  });

  it('a spent link asks for a new link once, without repeating a sentence, signed in or out', async () => {
    for (const isSignedIn of [false, true]) {
      if (isSignedIn) saveToken('session-token');
      vi.mocked(verifyEmail).mockRejectedValue(refusedWith('VERIFY_LINK_INVALID'));
      openLink();

      const page = await screen.findByTestId('verify-spent');
      expect(page.textContent?.match(/new link/g)).toHaveLength(1);
      const sentences = sentencesOf(page);
      expect(new Set(sentences).size).toBe(sentences.length);
      expect(page.textContent).not.toContain(errorCatalogue.VERIFY_LINK_INVALID.msg);
      cleanup();
    }
  });

  it('a failure on our side or the network offers to try again, which confirms the address', async () => {
    vi.mocked(verifyEmail)
      .mockRejectedValueOnce(refusedWith('INTERNAL'))
      .mockResolvedValueOnce({ email: 'dana@example.test', verified: true });
    openLink();

    const failed = await screen.findByTestId('verify-failed');
    expect(failed.textContent).toContain(errorCatalogue.INTERNAL.msg);
    await userEvent.click(screen.getByTestId('verify-retry'));
    expect((await screen.findByTestId('verify-done')).textContent).toContain('dana@example.test');
    expect(verifyEmail).toHaveBeenCalledTimes(2);
  });

  it('a link cut short offers no retry: only a new link helps', async () => {
    render(
      <MemoryRouter initialEntries={['/verify-email?token=short']}>
        <VerifyEmailPage />
      </MemoryRouter>,
    );
    await screen.findByTestId('verify-failed');
    expect(screen.queryByTestId('verify-retry')).toBeNull();
    expect(verifyEmail).not.toHaveBeenCalled();
  });
});
