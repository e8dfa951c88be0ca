import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@storefront/contract/errors';
import { ApiError } from '../../../lib/http/api-error';
import { makeMe, renderAt } from '../../../test-utils';
import { readMe } from '../../auth/api';
import { confirmMfa, renewRecoveryCodes, startMfaEnrolment } from '../api';
import { TwoFactorCard } from './two-factor-card';

vi.mock('../api', () => ({
  startMfaEnrolment: vi.fn(),
  confirmMfa: vi.fn(),
  renewRecoveryCodes: vi.fn(),
}));
vi.mock('../../auth/api', () => ({ readMe: vi.fn() }));

const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

describe('setting up two-factor sign-in', () => {
  beforeEach(() => {
    vi.mocked(startMfaEnrolment).mockResolvedValue({
      secret: 'JBSWY3DPEHPK3PXP',
      otpauthUrl: 'otpauth://totp/Harbour%20Grocer:owner%40shop.test?secret=JBSWY3DPEHPK3PXP',
    });
  });

  it('shows the key to scan or type, turns on with a code, then shows the recovery codes once', async () => {
    vi.mocked(confirmMfa)
      .mockRejectedValueOnce(
        new ApiError(errorCatalogue.STAFF_OTP_INVALID.msg, {
          code: errorCatalogue.STAFF_OTP_INVALID.code,
          status: 200,
        }),
      )
      .mockResolvedValueOnce({ recoveryCodes: codes });
    vi.mocked(readMe).mockResolvedValue(makeMe('owner', { mfaEnabled: true }));
    const user = userEvent.setup();
    renderAt(<TwoFactorCard />, { me: makeMe('owner', { mustEnrolMfa: true }) });
    expect(screen.getByTestId('mfa-required')).toBeTruthy();

    await user.click(screen.getByTestId('mfa-start'));
    expect((await screen.findByTestId('mfa-secret')).textContent).toBe('JBSWY3DPEHPK3PXP');
    expect(screen.getByTestId('mfa-qr').querySelector('svg')).toBeTruthy();

    await user.type(screen.getByTestId('mfa-code'), '000000');
    await user.click(screen.getByTestId('mfa-confirm'));
    expect(await screen.findByText(errorCatalogue.STAFF_OTP_INVALID.msg)).toBeTruthy();

    await user.clear(screen.getByTestId('mfa-code'));
    await user.type(screen.getByTestId('mfa-code'), '123 456');
    await user.click(screen.getByTestId('mfa-confirm'));
    const shown = await screen.findByTestId('recovery-codes');
    expect(confirmMfa).toHaveBeenLastCalledWith({ otp: '123456' });
    expect(shown.querySelectorAll('li')).toHaveLength(10);
    expect(screen.getByText(/shown only once/)).toBeTruthy();

    await user.click(screen.getByTestId('recovery-codes-done'));
    expect(await screen.findByTestId('mfa-on')).toBeTruthy();
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
  });

  it('once on, makes a new set of recovery codes for a code from the app', async () => {
    vi.mocked(renewRecoveryCodes).mockResolvedValue({ recoveryCodes: codes });
    const user = userEvent.setup();
    renderAt(<TwoFactorCard />, { me: makeMe('owner', { mfaEnabled: true }) });
    await user.type(screen.getByTestId('mfa-renew-code'), '654321');
    await user.click(screen.getByTestId('mfa-renew'));
    await waitFor(() => expect(renewRecoveryCodes).toHaveBeenCalledWith({ otp: '654321' }));
    expect((await screen.findByTestId('recovery-codes')).textContent).toContain('abcd0-efgh0');
  });
});
