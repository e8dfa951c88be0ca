import { errorCatalogue, type ErrorName } from '@storefront/contract/errors';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { updateCustomerPassword } from '../api';
import { PasswordCard } from './password-card';

vi.mock('../api');
vi.mock('../../../lib/toast');

function refusedWith(name: ErrorName) {
  const { code, msg } = errorCatalogue[name];
  return { code, msg, data: null };
}

async function changePassword(oldPassword: string, newPassword = 'second-pass-2') {
  await userEvent.clear(screen.getByTestId('password-old'));
  await userEvent.type(screen.getByTestId('password-old'), oldPassword);
  await userEvent.clear(screen.getByTestId('password-new'));
  await userEvent.type(screen.getByTestId('password-new'), newPassword);
  await userEvent.clear(screen.getByTestId('password-confirm'));
  await userEvent.type(screen.getByTestId('password-confirm'), newPassword);
  await userEvent.click(screen.getByTestId('password-save'));
}

describe('changing the password', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('a wrong current password is told at that field, with the cursor in it, not in a toast', async () => {
    vi.mocked(updateCustomerPassword).mockRejectedValue(refusedWith('WRONG_PASSWORD'));
    render(<PasswordCard />);
    await changePassword('wrong-pass-1');

    const current = screen.getByTestId('password-old');
    await waitFor(() => expect(document.activeElement).toBe(current));
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(await screen.findByText('The current password is incorrect.')).toBeTruthy();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('a change that succeeds after a refusal leaves only the success on screen', async () => {
    vi.mocked(updateCustomerPassword)
      .mockRejectedValueOnce(refusedWith('WRONG_PASSWORD'))
      .mockResolvedValueOnce(null);
    render(<PasswordCard />);
    await changePassword('wrong-pass-1');
    await screen.findByText('The current password is incorrect.');

    await changePassword('first-pass-1');
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Your password is changed. Other devices have been signed out.',
      ),
    );
    expect(screen.queryByText('The current password is incorrect.')).toBeNull();
    expect(screen.getByTestId('password-old').getAttribute('aria-invalid')).toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('a new password equal to the current one is told at the new password', async () => {
    vi.mocked(updateCustomerPassword).mockRejectedValue(refusedWith('PASSWORD_UNCHANGED'));
    render(<PasswordCard />);
    await changePassword('same-pass-1', 'same-pass-1');

    const fresh = screen.getByTestId('password-new');
    await waitFor(() => expect(document.activeElement).toBe(fresh));
    expect(await screen.findByText('The new password must differ from the current one.')).toBeTruthy();
  });

  it('a refusal about no field is shown in the card until the next change succeeds', async () => {
    vi.mocked(updateCustomerPassword)
      .mockRejectedValueOnce(refusedWith('RATE_LIMITED'))
      .mockResolvedValueOnce(null);
    render(<PasswordCard />);
    await changePassword('first-pass-1');

    const alert = await screen.findByTestId('password-error');
    expect(alert.textContent).toBe(errorCatalogue.RATE_LIMITED.msg);
    await waitFor(() => expect(document.activeElement).toBe(alert.parentElement));

    await changePassword('first-pass-1');
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    expect(screen.queryByTestId('password-error')).toBeNull();
  });
});
