import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import Cookies from 'js-cookie';
import { describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { createHttpClient, EmptyApiPathError } from './axios-client';
import {
  clearSession,
  forgetSessionEnded,
  onTokenRenewed,
  readEmail,
  readExpiresAt,
  readToken,
  saveEmail,
  saveExpiresAt,
  saveUserInfoCookie,
  readSessionEnded,
  sessionKeys,
} from './session';

type Reply = {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** What happens elsewhere (another tab) after the call is sent and before its answer comes. */
  whileInFlight?: () => void;
};

function makeHarness(reply: Reply | ((config: InternalAxiosRequestConfig) => Promise<never>) = {}) {
  const sent: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    sent.push(config);
    if (typeof reply === 'function') return reply(config);
    reply.whileInFlight?.();
    const status = reply.status ?? 200;
    const response = {
      status,
      statusText: String(status),
      data: 'body' in reply ? reply.body : { code: 0, msg: 'ok', data: null },
      headers: new AxiosHeaders(reply.headers ?? {}),
      config,
      request: {},
    };
    if (status >= 200 && status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${status}`,
      'ERR_BAD_RESPONSE',
      config,
      {},
      response,
    );
  };
  const notifyNetworkError = vi.fn<() => void>();
  const notifyAnswered = vi.fn<() => void>();
  const redirectToLogin = vi.fn<(redirect: string) => void>();
  const currentPath = vi.fn(() => '/account/profile?tab=security');
  const client = createHttpClient({
    baseURL: 'https://api.example.test',
    adapter,
    notifyNetworkError,
    notifyAnswered,
    redirectToLogin,
    currentPath,
  });
  return { client, sent, notifyNetworkError, notifyAnswered, redirectToLogin, currentPath };
}

function firstSent(sent: InternalAxiosRequestConfig[]): InternalAxiosRequestConfig {
  const config = sent[0];
  if (!config) throw new Error('nothing was sent');
  return config;
}

/** What another tab's sign-in leaves in the storage this tab shares. */
function signInElsewhere(token: string, email: string) {
  localStorage.setItem(sessionKeys.token, token);
  localStorage.setItem(sessionKeys.email, email);
}

function signIn(token = 'Bearer old-token') {
  localStorage.setItem(sessionKeys.token, token);
  saveEmail('dana@example.test');
  saveExpiresAt('2030-01-01T00:00:00.000Z');
  saveUserInfoCookie({
    customerID: 7,
    email: 'dana@example.test',
    firstName: 'Dana',
    lastName: 'Demo',
    postCode: '2000',
    suburb: 'Sydney',
    emailRefused: null,
  });
}

describe('requests', () => {
  it('go to the configured API host', async () => {
    const { client, sent } = makeHarness();
    await client.get('/api/v1/customer/me');
    expect(client.getUri(firstSent(sent))).toBe('https://api.example.test/api/v1/customer/me');
  });

  it('send no-store, the XMLHttpRequest marker and a JSON content type', async () => {
    const { client, sent } = makeHarness();
    await client.post('/api/v1/login', { email: 'a@b.test', password: 'x' });
    const headers = firstSent(sent).headers;
    expect(headers.get('Cache-Control')).toBe('no-store');
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(String(headers.get('Content-Type'))).toContain('application/json');
  });

  it('send the stored token as the Authorization header', async () => {
    signIn('Bearer abc123');
    const { client, sent } = makeHarness();
    await client.get('/api/v1/customer/me');
    expect(firstSent(sent).headers.get('Authorization')).toBe('Bearer abc123');
  });

  it('send no Authorization header when no token is stored', async () => {
    const { client, sent } = makeHarness();
    await client.get('/api/v1/health');
    expect(firstSent(sent).headers.has('Authorization')).toBe(false);
  });

  it('send credentials', async () => {
    const { client, sent } = makeHarness();
    await client.get('/api/v1/health');
    expect(firstSent(sent).withCredentials).toBe(true);
  });

  it('send query arrays as repeated keys', async () => {
    const { client, sent } = makeHarness();
    await client.get('/api/v1/order/list', { params: { status: ['paid', 'shipped'], page: 2 } });
    expect(client.getUri(firstSent(sent))).toBe(
      'https://api.example.test/api/v1/order/list?status=paid&status=shipped&page=2',
    );
  });

  it('time out after 45 seconds', async () => {
    const { client, sent } = makeHarness();
    await client.get('/api/v1/health');
    expect(firstSent(sent).timeout).toBe(45_000);
  });

  it.each(['', '   '])('with an empty API path (%j) are refused before sending', async (path) => {
    const { client, sent, notifyNetworkError } = makeHarness();
    await expect(client.get(path)).rejects.toBeInstanceOf(EmptyApiPathError);
    await expect(client.get(path)).rejects.toMatchObject({
      name: 'EmptyApiPathError',
      message: 'The API path of a call must not be empty.',
    });
    expect(sent).toHaveLength(0);
    expect(notifyNetworkError).not.toHaveBeenCalled();
  });
});

/**
 * Goes through axios's real XMLHttpRequest adapter, which drops Content-Type from a request without a body (a
 * replaced adapter would never see that), and records what the browser's XMLHttpRequest is told to send.
 */
async function sendThroughXhr(method: 'GET' | 'POST' | 'DELETE', data?: unknown) {
  const headers = new Map<string, string>();
  vi.spyOn(XMLHttpRequest.prototype, 'setRequestHeader').mockImplementation((name, value) => {
    headers.set(name.toLowerCase(), value);
  });
  const send = vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(() => undefined);
  const abort = new AbortController();
  const client = createHttpClient({ baseURL: 'https://api.example.test' });
  const call = client.request({ method, url: '/api/v1/customer/me', data, signal: abort.signal });
  await waitFor(() => expect(send).toHaveBeenCalled());
  abort.abort();
  await call.catch(() => undefined);
  return { headers, body: send.mock.calls[0]?.[0] ?? null };
}

describe('what the browser is given to send', () => {
  it.each(['GET', 'POST', 'DELETE'] as const)(
    'a %s without a body carries the spec headers, the JSON content type included',
    async (method) => {
      signIn('Bearer abc123');
      const { headers } = await sendThroughXhr(method);
      expect(headers.get('cache-control')).toBe('no-store');
      expect(headers.get('x-requested-with')).toBe('XMLHttpRequest');
      expect(headers.get('content-type')).toBe('application/json');
      expect(headers.get('authorization')).toBe('Bearer abc123');
    },
  );

  it('a call without data sends an empty JSON object, which a server can parse', async () => {
    const { body } = await sendThroughXhr('DELETE');
    expect(body).toBe('{}');
  });

  it('a call with data sends that data as JSON', async () => {
    const { headers, body } = await sendThroughXhr('POST', { productIDs: [3] });
    expect(headers.get('content-type')).toBe('application/json');
    expect(body).toBe('{"productIDs":[3]}');
  });
});

describe('responses', () => {
  it('with a success code resolve with the response', async () => {
    const body = { code: 0, msg: 'ok', data: { customerID: 1 } };
    const { client } = makeHarness({ body });
    await expect(client.get('/api/v1/customer/me')).resolves.toMatchObject({ status: 200, data: body });
  });

  it('with code 100000 still count as success', async () => {
    const body = { code: 100000, msg: 'ok', data: null };
    const { client } = makeHarness({ body });
    await expect(client.get('/api/v1/customer/me')).resolves.toMatchObject({ data: body });
  });

  it.each([
    ['plain text from a proxy', 'Service restored'],
    ['JSON null', null],
  ])('that are not a JSON object (%s) resolve as they came, without a failure code', async (_, body) => {
    const { client } = makeHarness({ body });
    await expect(client.get('/api/v1/health')).resolves.toMatchObject({ status: 200, data: body });
  });

  it.each([200, 201])('with HTTP %i and a code above 100000 reject with the body', async (status) => {
    const body = { code: 100102, msg: 'The email or password is incorrect.', data: null };
    const { client } = makeHarness({ status, body });
    await expect(client.post('/api/v1/login', {})).rejects.toEqual(body);
  });

  it.each([400, 404, 429, 500])('with HTTP %i reject with the whole response', async (status) => {
    const body = { code: 100001, msg: 'Some of the details sent are not valid.', data: null };
    const { client, redirectToLogin } = makeHarness({ status, body });
    const reason: unknown = await client.get('/api/v1/customer/info').catch((e: unknown) => e);
    expect(reason).toMatchObject({ status, data: body });
    expect(redirectToLogin).not.toHaveBeenCalled();
  });

  it('without any response show the network toast and reject', async () => {
    const { client, notifyNetworkError } = makeHarness((config) =>
      Promise.reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {})),
    );
    await expect(client.get('/api/v1/customer/me')).rejects.toBeInstanceOf(AxiosError);
    expect(notifyNetworkError).toHaveBeenCalledOnce();
  });

  it('that time out show the network toast too', async () => {
    const { client, notifyNetworkError } = makeHarness((config) =>
      Promise.reject(new AxiosError('timeout of 45000ms exceeded', AxiosError.ECONNABORTED, config, {})),
    );
    await expect(client.get('/api/v1/customer/me')).rejects.toBeInstanceOf(AxiosError);
    expect(notifyNetworkError).toHaveBeenCalledOnce();
  });

  it('of a cancelled call show no toast', async () => {
    const { client, notifyNetworkError } = makeHarness((config) =>
      Promise.reject(new AxiosError('canceled', AxiosError.ERR_CANCELED, config)),
    );
    await expect(client.get('/api/v1/customer/me')).rejects.toBeInstanceOf(AxiosError);
    expect(notifyNetworkError).not.toHaveBeenCalled();
  });

  it.each([200, 400, 500])(
    'with HTTP %i say the connection works (the network toast closes); a call with none does not',
    async (status) => {
      const { client, notifyAnswered } = makeHarness({ status });
      await client.get('/api/v1/customer/me').catch(() => undefined);
      expect(notifyAnswered).toHaveBeenCalledOnce();

      const offline = makeHarness((config) =>
        Promise.reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {})),
      );
      await offline.client.get('/api/v1/customer/me').catch(() => undefined);
      expect(offline.notifyAnswered).not.toHaveBeenCalled();
    },
  );
});

describe('a 401 answer', () => {
  it('clears the token, expiry marker, email, session cookie and customer id cookie', async () => {
    signIn();
    const { client } = makeHarness({
      status: 401,
      body: { code: 100010, msg: 'Please sign in.', data: null },
    });
    await expect(client.get('/api/v1/customer/info')).rejects.toMatchObject({ status: 401 });
    expect(readToken()).toBeNull();
    expect(readExpiresAt()).toBeNull();
    expect(readEmail()).toBeNull();
    expect(Cookies.get(sessionKeys.userInfoCookie)).toBeUndefined();
    expect(Cookies.get(sessionKeys.customerIdCookie)).toBeUndefined();
  });

  it('leaves word for the sign-in page that the session ended, only when a session was sent', async () => {
    const { client } = makeHarness({ status: 401 });
    await client.get('/api/v1/customer/info').catch(() => undefined);
    expect(readSessionEnded()).toBeNull();
    signIn();
    await client.get('/api/v1/customer/info').catch(() => undefined);
    expect(readSessionEnded()).toBe('refused');
    forgetSessionEnded();
    expect(readSessionEnded()).toBeNull();
  });

  it('sends the browser to /login with the current path and query as redirect', async () => {
    signIn();
    const { client, redirectToLogin } = makeHarness({ status: 401 });
    await client.get('/api/v1/customer/info').catch(() => undefined);
    expect(redirectToLogin).toHaveBeenCalledExactlyOnceWith('/account/profile?tab=security');
  });

  it('sends the browser to /login once when several reads are refused together', async () => {
    signIn();
    const { client, redirectToLogin } = makeHarness({ status: 401 });
    await Promise.all([
      client.get('/api/v1/customer/info').catch(() => undefined),
      client.get('/api/v1/cart/list').catch(() => undefined),
    ]);
    expect(redirectToLogin).toHaveBeenCalledExactlyOnceWith('/account/profile?tab=security');
  });

  it('sends the browser to /login once when a call sent after the refusal, with no token, is refused too', async () => {
    signIn();
    const { client, sent, redirectToLogin } = makeHarness({ status: 401 });
    await client.get('/api/v1/customer/info').catch(() => undefined);
    // Sent while the browser leaves: the session is gone, so it carries no token, and it is refused as well.
    await client.get('/api/v1/cart/list').catch(() => undefined);
    expect(sent[1]?.headers.get('Authorization')).toBeFalsy();
    expect(redirectToLogin).toHaveBeenCalledExactlyOnceWith('/account/profile?tab=security');
  });

  it('on the login page itself does not redirect again', async () => {
    const { client, redirectToLogin, currentPath } = makeHarness({ status: 401 });
    currentPath.mockReturnValue('/login?redirect=%2Faccount');
    await client.get('/api/v1/customer/info').catch(() => undefined);
    expect(redirectToLogin).not.toHaveBeenCalled();
  });
});

describe('token renewal', () => {
  it('stores a new token as Bearer <token> when an email is stored and it differs', async () => {
    signIn('Bearer old-token');
    const { client } = makeHarness({ headers: { authorization: 'new-token' } });
    await client.get('/api/v1/customer/me');
    expect(readToken()).toBe('Bearer new-token');
  });

  it("tells the renewal's listeners once a renewed token is stored, and not for a sign-in's token", async () => {
    const renewed = vi.fn();
    const stop = onTokenRenewed(renewed);
    try {
      signIn('Bearer old-token');
      await makeHarness({ headers: { authorization: 'new-token' } }).client.get('/api/v1/customer/me');
      expect(renewed).toHaveBeenCalledTimes(1);
      await makeHarness({ headers: { authorization: 'new-token' } }).client.get('/api/v1/customer/me');
      await makeHarness({ headers: { authorization: 'signed-in' } }).client.post('/api/v1/login', {});
      expect(renewed).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });

  it('ignores the header when no email is stored', async () => {
    localStorage.setItem(sessionKeys.token, 'Bearer old-token');
    const { client } = makeHarness({ headers: { authorization: 'new-token' } });
    await client.get('/api/v1/customer/me');
    expect(readToken()).toBe('Bearer old-token');
  });

  it('leaves the token alone when the header repeats it', async () => {
    signIn('Bearer same-token');
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const { client } = makeHarness({ headers: { authorization: 'same-token' } });
    await client.get('/api/v1/customer/me');
    expect(setItem).not.toHaveBeenCalled();
    expect(readToken()).toBe('Bearer same-token');
  });

  it('keeps the stored token when the answer has no Authorization header', async () => {
    signIn('Bearer old-token');
    const { client } = makeHarness();
    await client.get('/api/v1/customer/me');
    expect(readToken()).toBe('Bearer old-token');
  });

  it('also renews on an answer with a business failure code', async () => {
    signIn('Bearer old-token');
    const { client } = makeHarness({
      headers: { authorization: 'new-token' },
      body: { code: 100103, msg: 'The current password is incorrect.', data: null },
    });
    await client.put('/api/v1/customer/update-password', {}).catch(() => undefined);
    expect(readToken()).toBe('Bearer new-token');
  });

  it.each([
    '/api/v1/login',
    '/api/v1/register',
    '/api/v1/google-auth',
    '/api/v1/after-pay/capture',
    '/api/v1/paypal/express-capture',
    '/api/v1/payment/demo/capture',
  ])('always stores the token after %s, even with no email stored', async (path) => {
    const { client } = makeHarness({ headers: { authorization: 'issued-token' } });
    await client.post(path, {});
    expect(readToken()).toBe('Bearer issued-token');
  });
});

describe('a 401 answer, by the page the browser is on', () => {
  it('on the bare /login page does not redirect again', async () => {
    const { client, redirectToLogin, currentPath } = makeHarness({ status: 401 });
    currentPath.mockReturnValue('/login');
    await client.get('/api/v1/customer/info').catch(() => undefined);
    expect(redirectToLogin).not.toHaveBeenCalled();
  });

  it('on a page whose path only begins like the login page redirects to it', async () => {
    const { client, redirectToLogin, currentPath } = makeHarness({ status: 401 });
    currentPath.mockReturnValue('/login-help?topic=reset');
    await client.get('/api/v1/customer/info').catch(() => undefined);
    expect(redirectToLogin).toHaveBeenCalledExactlyOnceWith('/login-help?topic=reset');
  });

  it('still clears the session when a new token comes with it', async () => {
    signIn('Bearer old-token');
    const { client } = makeHarness({ status: 401, headers: { authorization: 'new-token' } });
    await client.get('/api/v1/customer/info').catch(() => undefined);
    expect(readToken()).toBeNull();
  });
});

describe('token renewal, by the answer', () => {
  it('takes a new token from an error answer', async () => {
    signIn('Bearer old-token');
    const { client } = makeHarness({ status: 429, headers: { authorization: 'new-token' } });
    await client.get('/api/v1/customer/me').catch(() => undefined);
    expect(readToken()).toBe('Bearer new-token');
  });

  it('ignores a blank Authorization header', async () => {
    signIn('Bearer old-token');
    const { client } = makeHarness({ headers: { authorization: '   ' } });
    await client.get('/api/v1/customer/me');
    expect(readToken()).toBe('Bearer old-token');
  });

  it('ignores a blank Authorization header even from sign-in', async () => {
    const { client } = makeHarness({ headers: { authorization: ' ' } });
    await client.post('/api/v1/login', {});
    expect(readToken()).toBeNull();
  });

  it('trims the header and keeps a token that already says Bearer as it is', async () => {
    signIn('Bearer old-token');
    const { client } = makeHarness({ headers: { authorization: '  Bearer new-token  ' } });
    await client.get('/api/v1/customer/me');
    expect(readToken()).toBe('Bearer new-token');
  });

  it.each([
    ['an absolute URL', 'https://api.example.test/api/v1/login'],
    ['a trailing slash', '/api/v1/register/'],
    ['two trailing slashes', '/api/v1/paypal/express-capture//'],
    ['a query', '/api/v1/google-auth?from=checkout'],
    [
      'an absolute URL, a trailing slash and a query',
      'https://api.example.test/api/v1/payment/demo/capture/?x=1',
    ],
  ])('stores the token from a sign-in call given as %s, with no email stored', async (_, url) => {
    const { client } = makeHarness({ headers: { authorization: 'issued-token' } });
    await client.post(url, {});
    expect(readToken()).toBe('Bearer issued-token');
  });

  it.each(['/api/v1/login-history', '/api/v1/customer/me', '/shop/api/v1/login'])(
    'does not take a token from %s without a signed-in email',
    async (url) => {
      const { client } = makeHarness({ headers: { authorization: 'issued-token' } });
      await client.post(url, {});
      expect(readToken()).toBeNull();
    },
  );
});

describe('responses, by status and code', () => {
  it.each([202, 204])('with HTTP %i and a failure code resolve with the response', async (status) => {
    const body = { code: 100102, msg: 'The email or password is incorrect.', data: null };
    const { client } = makeHarness({ status, body });
    await expect(client.post('/api/v1/customer/me', {})).resolves.toMatchObject({ status, data: body });
  });

  it.each([null, 'plain text', { code: '100102' }, { msg: 'no code' }])(
    'with a body that is not an envelope with a numeric code (%j) resolve',
    async (body) => {
      const { client } = makeHarness({ body });
      await expect(client.get('/api/v1/customer/me')).resolves.toMatchObject({ status: 200 });
    },
  );

  it('that fail with something other than an axios error pass it on without a toast', async () => {
    const failure = new TypeError('adapter broke');
    const { client, notifyNetworkError } = makeHarness(() => Promise.reject(failure));
    await expect(client.get('/api/v1/customer/me')).rejects.toBe(failure);
    expect(notifyNetworkError).not.toHaveBeenCalled();
  });
});

describe('requests, by the stored token', () => {
  it('send no Authorization header when the stored token is empty', async () => {
    localStorage.setItem(sessionKeys.token, '');
    const { client, sent } = makeHarness();
    await client.get('/api/v1/customer/me');
    expect(firstSent(sent).headers.has('Authorization')).toBe(false);
  });

  it('keep the data a call sends', async () => {
    const { client, sent } = makeHarness();
    await client.post('/api/v1/cart/add', { productID: 3, quantity: 2 });
    expect(JSON.parse(String(firstSent(sent).data))).toEqual({ productID: 3, quantity: 2 });
  });
});

describe('another tab changing the session while a call is out', () => {
  it('an answer to a request sent before another tab signed in as someone else does not replace their token', async () => {
    signIn('Bearer ann-token');
    const { client } = makeHarness({
      headers: { authorization: 'ann-renewed' },
      whileInFlight: () => signInElsewhere('Bearer ben-token', 'ben@example.test'),
    });
    await client.get('/api/v1/customer/me');
    expect(readToken()).toBe('Bearer ben-token');
  });

  it("a sign-in answered after another tab signed in as someone else keeps this sign-in's token", async () => {
    signIn('Bearer ann-token');
    const { client } = makeHarness({
      headers: { authorization: 'cat-token' },
      whileInFlight: () => signInElsewhere('Bearer ben-token', 'ben@example.test'),
    });
    await client.post('/api/v1/login', { email: 'cat@example.test', password: 'cat-pass-1' });
    expect(readToken()).toBe('Bearer cat-token');
  });

  it('a payment capture answered after another tab signed out does not sign the browser back in', async () => {
    signIn('Bearer ann-token');
    const { client } = makeHarness({
      headers: { authorization: 'ann-fresh' },
      whileInFlight: () => clearSession(),
    });
    await client.post('/api/v1/payment/demo/capture', {});
    expect(readToken()).toBeNull();
  });

  it('a 401 to a request sent before another tab signed in as someone else leaves their session and the page alone', async () => {
    signIn('Bearer ann-token');
    const { client, redirectToLogin } = makeHarness({
      status: 401,
      whileInFlight: () => signInElsewhere('Bearer ben-token', 'ben@example.test'),
    });
    await expect(client.get('/api/v1/customer/info')).rejects.toMatchObject({ status: 401 });
    expect(readToken()).toBe('Bearer ben-token');
    expect(readEmail()).toBe('ben@example.test');
    expect(redirectToLogin).not.toHaveBeenCalled();
  });
});
