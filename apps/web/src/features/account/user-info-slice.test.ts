import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerInfo, UserInfo } from '@storefront/contract/account';
import { createAppStore } from '../../app/store';
import {
  clearSession,
  readEmail,
  readExpiresAt,
  readToken,
  saveExpiresAt,
  sessionKeys,
} from '../../lib/http/session';
import * as api from './api';
import {
  fetchUserInfo,
  loginWithPassword,
  logout,
  logoutEverywhere,
  registerAccount,
  selectPostCode,
  selectUserInfo,
  updateProfile,
} from './user-info-slice';

vi.mock('./api');

function makeUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    customerID: 42,
    email: 'dana@example.test',
    firstName: 'Dana',
    lastName: 'Demo',
    postCode: '3000',
    suburb: 'Melbourne',
    emailRefused: null,
    ...overrides,
  };
}

function makeCustomerInfo(overrides: Partial<CustomerInfo> = {}): CustomerInfo {
  return {
    ...makeUser(),
    phone: null,
    birthday: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    loginMethod: 'password',
    ...overrides,
  };
}

beforeEach(() => {
  vi.mocked(api.retrieveCustomerStatus).mockResolvedValue({
    customerID: 42,
    accountStatus: 'active',
    emailVerified: true,
    sessionExpiresAt: '2030-01-01T00:00:00.000Z',
    signedIn: true,
  });
});

describe('user info', () => {
  it('starts idle with no data', () => {
    const store = createAppStore();
    expect(store.getState().userInfo).toEqual({ status: 'idle', error: null, data: null });
  });

  it('starts from the cookie when a session is stored', () => {
    localStorage.setItem(sessionKeys.token, 'Bearer t');
    Cookies.set(sessionKeys.userInfoCookie, JSON.stringify(makeUser()));
    const store = createAppStore();
    expect(store.getState().userInfo).toMatchObject({ status: 'succeeded', data: makeUser() });
  });

  it('moves idle, loading, succeeded and keeps the user in the store and a cookie', async () => {
    vi.mocked(api.retrieveUserInfo).mockResolvedValue(makeUser());
    const store = createAppStore();
    const pending = store.dispatch(fetchUserInfo());
    expect(store.getState().userInfo.status).toBe('loading');
    await pending;
    expect(store.getState().userInfo).toEqual({ status: 'succeeded', error: null, data: makeUser() });
    expect(JSON.parse(Cookies.get(sessionKeys.userInfoCookie) ?? 'null')).toEqual(makeUser());
    expect(Cookies.get(sessionKeys.customerIdCookie)).toBe('42');
    expect(readEmail()).toBe('dana@example.test');
  });

  it('is stored only when the answer carries a customerID', async () => {
    vi.mocked(api.retrieveUserInfo).mockResolvedValue(makeUser({ customerID: 0 }));
    const store = createAppStore();
    await store.dispatch(fetchUserInfo());
    expect(selectUserInfo(store.getState())).toBeNull();
    expect(Cookies.get(sessionKeys.userInfoCookie)).toBeUndefined();
  });

  it('defaults the postcode to 2000', async () => {
    vi.mocked(api.retrieveUserInfo).mockResolvedValue(makeUser({ postCode: '' }));
    const store = createAppStore();
    expect(selectPostCode(store.getState())).toBe('2000');
    await store.dispatch(fetchUserInfo());
    expect(selectUserInfo(store.getState())?.postCode).toBe('2000');
  });

  it('stores the error message when loading fails', async () => {
    vi.mocked(api.retrieveUserInfo).mockRejectedValue({ code: 100500, msg: 'Server is down.', data: null });
    const store = createAppStore();
    await store.dispatch(fetchUserInfo());
    expect(store.getState().userInfo).toEqual({ status: 'failed', error: 'Server is down.', data: null });
  });

  it('skips a fetch already under way', async () => {
    vi.mocked(api.retrieveUserInfo).mockResolvedValue(makeUser());
    const store = createAppStore();
    await Promise.all([store.dispatch(fetchUserInfo()), store.dispatch(fetchUserInfo())]);
    expect(api.retrieveUserInfo).toHaveBeenCalledOnce();
  });

  it('after login keeps the user, the email and the expiry marker', async () => {
    vi.mocked(api.loginCustomer).mockResolvedValue(makeUser());
    const store = createAppStore();
    const user = await store
      .dispatch(loginWithPassword({ email: 'dana@example.test', password: 'pw' }))
      .unwrap();
    expect(user).toEqual(makeUser());
    expect(readEmail()).toBe('dana@example.test');
    expect(localStorage.getItem(sessionKeys.expiresAt)).toBe('2030-01-01T00:00:00.000Z');
  });

  it('a failed login rejects with the server message and its code', async () => {
    vi.mocked(api.loginCustomer).mockRejectedValue({
      code: 100102,
      msg: 'Wrong email or password.',
      data: null,
    });
    const store = createAppStore();
    await expect(
      store.dispatch(loginWithPassword({ email: 'dana@example.test', password: 'bad' })).unwrap(),
    ).rejects.toMatchObject({ message: 'Wrong email or password.', code: 100102 });
    expect(store.getState().userInfo.status).toBe('failed');
  });

  it('a refused sign-up rejects with the code and the fields the answer names, and stores its message', async () => {
    vi.mocked(api.registerCustomer).mockRejectedValue({
      status: 400,
      data: {
        code: 100001,
        msg: 'body.email: must be an email address',
        data: { fields: [{ field: 'body.email', message: 'must be an email address' }] },
      },
    });
    const store = createAppStore();
    const result = await store.dispatch(
      registerAccount({ email: 'dana@', password: 'long-enough-1', firstName: 'Dana', lastName: 'Demo' }),
    );
    expect(result.payload).toEqual({
      message: 'Some of the details sent are not valid.',
      code: 100001,
      fields: [{ field: 'body.email', message: 'must be an email address' }],
    });
    expect(store.getState().userInfo).toMatchObject({
      status: 'failed',
      error: 'Some of the details sent are not valid.',
    });
  });

  it('a profile change updates the stored user', async () => {
    vi.mocked(api.retrieveUserInfo).mockResolvedValue(makeUser());
    vi.mocked(api.updateCustomer).mockResolvedValue(makeCustomerInfo({ firstName: 'Danielle' }));
    const store = createAppStore();
    await store.dispatch(fetchUserInfo());
    await store.dispatch(updateProfile({ firstName: 'Danielle' })).unwrap();
    expect(selectUserInfo(store.getState())?.firstName).toBe('Danielle');
    expect(JSON.parse(Cookies.get(sessionKeys.userInfoCookie) ?? 'null')).toMatchObject({
      firstName: 'Danielle',
    });
  });

  it('logout forgets the user even when the server cannot be reached', async () => {
    vi.mocked(api.retrieveUserInfo).mockResolvedValue(makeUser());
    vi.mocked(api.logoutCustomer).mockRejectedValue(new Error('offline'));
    localStorage.setItem(sessionKeys.token, 'Bearer t');
    const store = createAppStore();
    await store.dispatch(fetchUserInfo());
    await store.dispatch(logout());
    expect(store.getState().userInfo).toEqual({ status: 'idle', error: null, data: null });
    expect(readToken()).toBeNull();
    expect(Cookies.get(sessionKeys.userInfoCookie)).toBeUndefined();
  });
});

/** What a sign-in in another tab leaves in the storage this tab shares. */
function signInElsewhere(token: string, email: string): void {
  localStorage.setItem(sessionKeys.token, token);
  localStorage.setItem(sessionKeys.email, email);
}

describe('user info, when another tab changes the session while a call is out', () => {
  beforeEach(() => {
    localStorage.setItem(sessionKeys.token, 'Bearer dana-token');
    localStorage.setItem(sessionKeys.email, 'dana@example.test');
  });

  it('a read answered after another tab signed in as someone else keeps neither the earlier customer nor their email', async () => {
    vi.mocked(api.retrieveUserInfo).mockImplementation(() => {
      signInElsewhere('Bearer ben-token', 'ben@example.test');
      return Promise.resolve(makeUser());
    });
    const store = createAppStore();
    await store.dispatch(fetchUserInfo());
    expect(readEmail()).toBe('ben@example.test');
    expect(Cookies.get(sessionKeys.userInfoCookie)).toBeUndefined();
    expect(Cookies.get(sessionKeys.customerIdCookie)).toBeUndefined();
    expect(store.getState().userInfo).toEqual({ status: 'idle', error: null, data: null });
  });

  it('a read answered after another tab signed out does not sign the browser back in', async () => {
    vi.mocked(api.retrieveUserInfo).mockImplementation(() => {
      clearSession();
      return Promise.resolve(makeUser());
    });
    const store = createAppStore();
    await store.dispatch(fetchUserInfo());
    expect(readEmail()).toBeNull();
    expect(Cookies.get(sessionKeys.userInfoCookie)).toBeUndefined();
    expect(selectUserInfo(store.getState())).toBeNull();
  });

  it('a read refused after another tab signed out shows no error and is not left loading', async () => {
    vi.mocked(api.retrieveUserInfo).mockImplementation(() => {
      clearSession();
      return Promise.reject({
        code: 100010,
        msg: 'Your session has ended. Please sign in again.',
        data: null,
      });
    });
    const store = createAppStore();
    await store.dispatch(fetchUserInfo());
    expect(store.getState().userInfo).toEqual({ status: 'idle', error: null, data: null });
  });

  it('a profile saved after another tab signed in as someone else is neither kept nor shown', async () => {
    Cookies.set(sessionKeys.userInfoCookie, JSON.stringify(makeUser()));
    vi.mocked(api.updateCustomer).mockImplementation(() => {
      signInElsewhere('Bearer ben-token', 'ben@example.test');
      return Promise.resolve(makeCustomerInfo({ firstName: 'Danielle' }));
    });
    const store = createAppStore();
    const saved = await store.dispatch(updateProfile({ firstName: 'Danielle' })).unwrap();
    expect(saved.firstName).toBe('Danielle');
    expect(readEmail()).toBe('ben@example.test');
    expect(JSON.parse(Cookies.get(sessionKeys.userInfoCookie) ?? 'null')).toMatchObject({
      firstName: 'Dana',
    });
    expect(selectUserInfo(store.getState())?.firstName).toBe('Dana');
  });

  it("a sign-in's expiry answered after another tab signed in as someone else leaves their expiry marker", async () => {
    vi.mocked(api.loginCustomer).mockResolvedValue(makeUser());
    vi.mocked(api.retrieveCustomerStatus).mockImplementation(() => {
      signInElsewhere('Bearer ben-token', 'ben@example.test');
      saveExpiresAt('2031-06-01T00:00:00.000Z');
      return Promise.resolve({
        customerID: 42,
        accountStatus: 'active',
        emailVerified: true,
        sessionExpiresAt: '2030-01-01T00:00:00.000Z',
        signedIn: true,
      });
    });
    const store = createAppStore();
    await store.dispatch(loginWithPassword({ email: 'dana@example.test', password: 'pw' }));
    expect(readToken()).toBe('Bearer ben-token');
    expect(readExpiresAt()).toBe('2031-06-01T00:00:00.000Z');
  });

  it('a sign-out answered after another tab signed in as someone else leaves their session', async () => {
    vi.mocked(api.logoutCustomer).mockImplementation(() => {
      signInElsewhere('Bearer ben-token', 'ben@example.test');
      return Promise.resolve(null);
    });
    const store = createAppStore();
    expect(await store.dispatch(logout()).unwrap()).toBe(false);
    expect(readToken()).toBe('Bearer ben-token');
    expect(readEmail()).toBe('ben@example.test');
  });

  it('signing out everywhere, answered after another tab signed in as someone else, leaves their session', async () => {
    vi.mocked(api.logoutCustomerEverywhere).mockImplementation(() => {
      signInElsewhere('Bearer ben-token', 'ben@example.test');
      return Promise.resolve(null);
    });
    const store = createAppStore();
    expect(await store.dispatch(logoutEverywhere()).unwrap()).toBe(false);
    expect(readToken()).toBe('Bearer ben-token');
    expect(readEmail()).toBe('ben@example.test');
  });

  it('a sign-out answered after a renewal of the same session still ends it', async () => {
    vi.mocked(api.logoutCustomer).mockImplementation(() => {
      signInElsewhere('Bearer dana-renewed', 'dana@example.test');
      return Promise.resolve(null);
    });
    const store = createAppStore();
    expect(await store.dispatch(logout()).unwrap()).toBe(true);
    expect(readToken()).toBeNull();
    expect(readEmail()).toBeNull();
  });
});
