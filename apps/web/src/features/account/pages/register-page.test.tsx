import { errorCatalogue, type ErrorName } from '@storefront/contract/errors';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../../app/store';
import type { Suburb } from '@storefront/contract/suburb';
import { EMAIL_NOT_ASCII } from '../../../lib/check-email';
import { preloadRouteCode } from '../../../lib/route-code';
import { searchSuburbs, suburbsOfPostcode } from '../../suburb/api';
import { registerCustomer } from '../api';
import { RegisterPage } from './register-page';

vi.mock('../api');
vi.mock('../../../lib/route-code', () => ({ preloadRouteCode: vi.fn() }));
vi.mock('../../suburb/api', () => ({ searchSuburbs: vi.fn(), suburbsOfPostcode: vi.fn() }));

const melbourne: Suburb = { suburbID: 31, suburb: 'Melbourne', state: 'VIC', postcode: '3000' };
const darwin: Suburb = { suburbID: 80, suburb: 'Darwin', state: 'NT', postcode: '0800' };

function refusedWith(name: ErrorName) {
  const { code, msg } = errorCatalogue[name];
  return { code, msg, data: null };
}

function renderRegister() {
  render(
    <Provider store={createAppStore()}>
      <MemoryRouter initialEntries={['/register']}>
        <RegisterPage />
      </MemoryRouter>
    </Provider>,
  );
}

/** Types in the home suburb search and picks `pick` from what it offers. */
async function pickHomeSuburb(typed: string, pick: string) {
  await userEvent.type(screen.getByTestId('register-suburb-input'), typed);
  await userEvent.click(await screen.findByText(pick));
}

async function signUp({ suburb }: { suburb?: { typed: string; pick: string } } = {}) {
  await userEvent.type(screen.getByTestId('register-first-name'), 'Ada');
  await userEvent.type(screen.getByTestId('register-last-name'), 'Lovelace');
  await userEvent.type(screen.getByTestId('register-email'), 'ada@example.test');
  await userEvent.type(screen.getByTestId('register-password'), 'engine-pass-1');
  await userEvent.type(screen.getByTestId('register-confirm-password'), 'engine-pass-1');
  if (suburb) await pickHomeSuburb(suburb.typed, suburb.pick);
  await userEvent.click(screen.getByTestId('register-submit'));
}

describe('the registration form refused by the server', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn();
    vi.mocked(searchSuburbs).mockResolvedValue([melbourne]);
  });

  it('marks the suburb of a locality it does not know, says why once, and puts the cursor in it', async () => {
    vi.mocked(registerCustomer).mockRejectedValue(refusedWith('UNKNOWN_POSTCODE'));
    renderRegister();
    await signUp({ suburb: { typed: 'Melb', pick: 'Melbourne VIC 3000' } });

    const suburb = screen.getByTestId('register-suburb-input');
    await waitFor(() => expect(document.activeElement).toBe(suburb));
    expect(suburb.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(screen.getAllByText(errorCatalogue.UNKNOWN_POSTCODE.msg)).toHaveLength(1));
    expect(screen.queryByTestId('register-error')).toBeNull();
  });

  it('tells an email that already has an account at the email field, with the cursor in it', async () => {
    vi.mocked(registerCustomer).mockRejectedValue(refusedWith('EMAIL_TAKEN'));
    renderRegister();
    await signUp();

    const email = screen.getByTestId('register-email');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      errorCatalogue.EMAIL_TAKEN.msg,
    );
  });

  it('offers the owner of a taken email the ways in: sign in, or reset the password; until the email changes', async () => {
    vi.mocked(registerCustomer).mockRejectedValue(refusedWith('EMAIL_TAKEN'));
    renderRegister();
    await signUp();

    const taken = await screen.findByTestId('register-email-taken');
    expect(taken.textContent).toBe('Is it yours? Sign in, or reset the password if you have forgotten it.');
    expect(within(taken).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/login?redirect=%2F',
    );
    expect(within(taken).getByRole('link', { name: 'reset the password' }).getAttribute('href')).toBe(
      '/forgot-password',
    );

    await userEvent.type(screen.getByTestId('register-email'), 'x');
    expect(screen.queryByTestId('register-email-taken')).toBeNull();
  });

  it('marks the field a 400 names, in words a customer reads', async () => {
    vi.mocked(registerCustomer).mockRejectedValue({
      status: 400,
      data: {
        code: errorCatalogue.VALIDATION.code,
        msg: 'body.lastName: must not contain invisible formatting characters',
        data: {
          fields: [{ field: 'body.lastName', message: 'must not contain invisible formatting characters' }],
        },
      },
    });
    renderRegister();
    await signUp();

    const lastName = screen.getByTestId('register-last-name');
    await waitFor(() => expect(document.activeElement).toBe(lastName));
    expect(await screen.findByText('Must not contain invisible formatting characters.')).toBeTruthy();
    expect(screen.queryByText(/body\.lastName/)).toBeNull();
  });

  it('shows a refusal about no field above the form, brought into view and focused', async () => {
    vi.mocked(registerCustomer).mockRejectedValue(refusedWith('RATE_LIMITED'));
    renderRegister();
    await signUp();

    const alert = await screen.findByTestId('register-error');
    expect(alert.textContent).toBe(errorCatalogue.RATE_LIMITED.msg);
    const message = alert.parentElement;
    await waitFor(() => expect(document.activeElement).toBe(message));
    expect(Element.prototype.scrollIntoView).toHaveBeenCalledWith({ block: 'center' });
  });

  it('a second attempt clears the message of the first', async () => {
    vi.mocked(registerCustomer).mockRejectedValueOnce(refusedWith('RATE_LIMITED'));
    vi.mocked(registerCustomer).mockRejectedValueOnce(refusedWith('EMAIL_TAKEN'));
    renderRegister();
    await signUp();
    await screen.findByTestId('register-error');
    await userEvent.click(screen.getByTestId('register-submit'));

    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('register-email')));
    expect(screen.queryByTestId('register-error')).toBeNull();
  });
});

describe('the registration form with what customers type', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn();
    vi.mocked(registerCustomer).mockReset();
    vi.mocked(searchSuburbs).mockResolvedValue([melbourne]);
    vi.mocked(suburbsOfPostcode).mockResolvedValue([darwin]);
  });

  it("takes an email with the space a phone's autocomplete leaves after it, and a NT postcode pasted with spaces in the suburb search", async () => {
    vi.mocked(registerCustomer).mockRejectedValue(refusedWith('EMAIL_TAKEN'));
    renderRegister();
    await userEvent.type(screen.getByTestId('register-first-name'), "O'Brien ");
    await userEvent.type(screen.getByTestId('register-last-name'), 'Nguyễn');
    await userEvent.type(screen.getByTestId('register-email'), ' Ada+shop@Example.test ');
    await userEvent.type(screen.getByTestId('register-password'), 'engine-pass-1');
    await userEvent.type(screen.getByTestId('register-confirm-password'), 'engine-pass-1');
    await userEvent.click(screen.getByTestId('register-suburb-input'));
    await userEvent.paste(' 0800 ');
    await userEvent.click(await screen.findByText('Darwin NT 0800'));
    await userEvent.click(screen.getByTestId('register-submit'));

    await waitFor(() => expect(registerCustomer).toHaveBeenCalledTimes(1));
    expect(vi.mocked(registerCustomer).mock.calls[0]?.[0]).toMatchObject({
      email: expect.stringMatching(/^\s*Ada\+shop@Example\.test\s*$/),
      firstName: expect.stringMatching(/^O'Brien\s*$/),
      lastName: 'Nguyễn',
      postCode: '0800',
      suburb: 'Darwin',
    });
  });

  it('says at the field that an accented letter before the @ cannot be taken, as the API would, without sending', async () => {
    renderRegister();
    await userEvent.type(screen.getByTestId('register-first-name'), 'José');
    await userEvent.type(screen.getByTestId('register-last-name'), 'Álvarez');
    await userEvent.type(screen.getByTestId('register-email'), 'josé@example.com');
    await userEvent.type(screen.getByTestId('register-password'), 'engine-pass-1');
    await userEvent.type(screen.getByTestId('register-confirm-password'), 'engine-pass-1');
    await userEvent.click(screen.getByTestId('register-submit'));

    await waitFor(() => expect(screen.getByText(EMAIL_NOT_ASCII)).toBeTruthy());
    expect(screen.getByTestId('register-email').getAttribute('aria-invalid')).toBe('true');
    expect(registerCustomer).not.toHaveBeenCalled();
  });

  it('registers a customer with one name, the last name left empty', async () => {
    vi.mocked(registerCustomer).mockRejectedValue(refusedWith('EMAIL_TAKEN'));
    renderRegister();
    await userEvent.type(screen.getByTestId('register-first-name'), 'Cher');
    await userEvent.type(screen.getByTestId('register-email'), 'cher@example.test');
    await userEvent.type(screen.getByTestId('register-password'), 'engine-pass-1');
    await userEvent.type(screen.getByTestId('register-confirm-password'), 'engine-pass-1');
    await userEvent.click(screen.getByTestId('register-submit'));

    await waitFor(() => expect(registerCustomer).toHaveBeenCalledTimes(1));
    expect(vi.mocked(registerCustomer).mock.calls[0]?.[0]).toMatchObject({ firstName: 'Cher', lastName: '' });
  });

  it('sends the suburb picked from the search with its postcode, and says which postcode that is', async () => {
    vi.mocked(registerCustomer).mockRejectedValue(refusedWith('EMAIL_TAKEN'));
    renderRegister();
    expect(
      screen.getByText(/Leave it empty and we use Sydney NSW 2000 until you set it in your profile/),
    ).toBeTruthy();
    await signUp({ suburb: { typed: 'Melb', pick: 'Melbourne VIC 3000' } });

    await waitFor(() => expect(registerCustomer).toHaveBeenCalledTimes(1));
    expect(vi.mocked(registerCustomer).mock.calls[0]?.[0]).toMatchObject({
      postCode: '3000',
      suburb: 'Melbourne',
    });
    expect(screen.getByText('Postcode 3000: delivery prices are worked out to it.')).toBeTruthy();
  });

  it('does not send a suburb typed but not picked: says to pick it or leave it empty', async () => {
    renderRegister();
    await userEvent.type(screen.getByTestId('register-suburb-input'), 'Nowhere Special');
    await signUp();

    const suburb = screen.getByTestId('register-suburb-input');
    await waitFor(() =>
      expect(
        screen.getByText('Pick your suburb from the list (it brings its postcode), or leave it empty.'),
      ).toBeTruthy(),
    );
    expect(suburb.getAttribute('aria-invalid')).toBe('true');
    expect(registerCustomer).not.toHaveBeenCalled();
  });

  it('registers without a home suburb when it is left empty: the default postcode applies', async () => {
    vi.mocked(registerCustomer).mockRejectedValue(refusedWith('EMAIL_TAKEN'));
    renderRegister();
    await signUp();

    await waitFor(() => expect(registerCustomer).toHaveBeenCalledTimes(1));
    const sent = vi.mocked(registerCustomer).mock.calls[0]?.[0];
    expect(sent).not.toHaveProperty('postCode');
    expect(sent).not.toHaveProperty('suburb');
  });
});

describe('the registration form sent', () => {
  it('starts loading the code of the profile page, where a new account goes, while the request is out', async () => {
    vi.mocked(searchSuburbs).mockResolvedValue([melbourne]);
    vi.mocked(registerCustomer).mockReturnValue(new Promise(() => undefined));
    renderRegister();

    await signUp();

    await waitFor(() => expect(registerCustomer).toHaveBeenCalled());
    expect(preloadRouteCode).toHaveBeenCalledWith('/account/profile');
  });
});
