import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@storefront/contract/errors';
import { ApiError, NETWORK_MESSAGE } from './api-error';
import { createHttpClient } from './client';
import { readToken, saveToken, takeSessionEnded, TOKEN_KEY } from './token-store';

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };

function makeHarness(reply: Reply | 'no answer' = {}, { path = '/admin/staff?page=2' } = {}) {
  const sent: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    sent.push(config);
    if (reply === 'no answer') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    const status = reply.status ?? 200;
    const response = {
      status,
      statusText: String(status),
      data: 'body' in reply ? reply.body : { code: 0, msg: 'ok', data: { fine: true } },
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
  const redirectToLogin = vi.fn<(redirect: string) => void>();
  const client = createHttpClient({
    adapter,
    notifyNetworkError,
    redirectToLogin,
    currentPath: () => path,
  });
  const authorizationSent = () => sent[0]?.headers.get('Authorization') ?? null;
  return { client, sent, notifyNetworkError, redirectToLogin, authorizationSent };
}

async function rejectionOf(promise: Promise<unknown>): Promise<ApiError> {
  const reason: unknown = await promise.then(
    () => {
      throw new Error('the call did not fail');
    },
    (err: unknown) => err,
  );
  if (!(reason instanceof ApiError)) throw new Error(`rejected with ${String(reason)}`);
  return reason;
}

describe('the back office HTTP client', () => {
  it('calls the staff API with the JSON headers, and the stored token as a bearer', async () => {
    saveToken('tok-1');
    const { client, sent, authorizationSent } = makeHarness();
    await client.get('/me');
    expect(sent[0]?.baseURL).toBe('/api/admin/v1');
    expect(sent[0]?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(sent[0]?.headers.get('Cache-Control')).toBe('no-store');
    expect(authorizationSent()).toBe('Bearer tok-1');
  });

  it('sends no Authorization header when signed out', async () => {
    const { client, authorizationSent } = makeHarness();
    await client.post('/login', { email: 'a@b.test', password: 'x' });
    expect(authorizationSent()).toBeNull();
  });

  it('keeps the token of a sign-in answer, in this tab only', async () => {
    const { client } = makeHarness({ headers: { Authorization: 'fresh-token' } });
    await client.post('/login', { email: 'a@b.test', password: 'x' });
    expect(readToken()).toBe('fresh-token');
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('fresh-token');
    expect(localStorage.length).toBe(0);
  });

  it('keeps a renewed token from any answer to a call sent with the stored one', async () => {
    saveToken('old-token');
    const { client } = makeHarness({ headers: { authorization: 'renewed-token' } });
    await client.get('/dashboard');
    expect(readToken()).toBe('renewed-token');
  });

  it('keeps a renewed token from a refusal too', async () => {
    saveToken('old-token');
    const { client } = makeHarness({
      body: { code: errorCatalogue.STAFF_EMAIL_TAKEN.code, msg: 'taken', data: null },
      headers: { authorization: 'renewed-token' },
    });
    await rejectionOf(client.post('/staff', {}));
    expect(readToken()).toBe('renewed-token');
  });

  it('does not bring back a session that ended while a call was out', async () => {
    const { client } = makeHarness({ headers: { authorization: 'renewed-token' } });
    await client.get('/dashboard');
    expect(readToken()).toBeNull();
  });

  it('rejects a business refusal on HTTP 200 with its code and message', async () => {
    saveToken('tok');
    const { client } = makeHarness({
      body: { code: errorCatalogue.STAFF_LAST_OWNER.code, msg: 'The shop needs an active owner', data: null },
    });
    const error = await rejectionOf(client.put('/staff/1', { role: 'manager' }));
    expect(error.code).toBe(errorCatalogue.STAFF_LAST_OWNER.code);
    expect(error.status).toBe(200);
    expect(error.message).toBe('The shop needs an active owner');
    expect(readToken()).toBe('tok');
  });

  it('rejects a 400 with the fields it names and a plain message', async () => {
    const { client } = makeHarness({
      status: 400,
      body: {
        code: errorCatalogue.VALIDATION.code,
        msg: 'body.email: must be an email address',
        data: { fields: [{ field: 'body.email', message: 'must be an email address' }] },
      },
    });
    const error = await rejectionOf(client.post('/staff', {}));
    expect(error.status).toBe(400);
    expect(error.fields).toEqual([{ field: 'body.email', message: 'must be an email address' }]);
    expect(error.message).toBe(errorCatalogue.VALIDATION.msg);
  });

  it('on a 401 forgets the token and sends the browser to sign in, back to the page it was on', async () => {
    saveToken('expired');
    const { client, redirectToLogin } = makeHarness({
      status: 401,
      body: { code: errorCatalogue.NOT_SIGNED_IN.code, msg: 'Your session has ended.', data: null },
    });
    const error = await rejectionOf(client.get('/staff'));
    expect(error.status).toBe(401);
    expect(readToken()).toBeNull();
    expect(redirectToLogin).toHaveBeenCalledWith('/admin/staff?page=2');
    expect(takeSessionEnded()).toBe(true);
  });

  it('sends the browser to sign in once, however many calls come back 401', async () => {
    saveToken('expired');
    const { client, redirectToLogin } = makeHarness({
      status: 401,
      body: { code: 100010, msg: 'x', data: null },
    });
    await Promise.all([rejectionOf(client.get('/me')), rejectionOf(client.get('/dashboard'))]);
    expect(redirectToLogin).toHaveBeenCalledTimes(1);
  });

  it('stays on the sign-in page when a call there answers 401', async () => {
    const { client, redirectToLogin } = makeHarness(
      { status: 401, body: { code: 100010, msg: 'x', data: null } },
      { path: '/admin/login?redirect=%2Fadmin%2Fstaff' },
    );
    await rejectionOf(client.get('/me'));
    expect(redirectToLogin).not.toHaveBeenCalled();
  });

  it('a 403 is a role not allowed: the session stays', async () => {
    saveToken('picker-token');
    const { client, redirectToLogin } = makeHarness({
      status: 403,
      body: { code: errorCatalogue.FORBIDDEN.code, msg: 'Your role does not allow this.', data: null },
    });
    const error = await rejectionOf(client.get('/staff'));
    expect(error.code).toBe(errorCatalogue.FORBIDDEN.code);
    expect(readToken()).toBe('picker-token');
    expect(redirectToLogin).not.toHaveBeenCalled();
  });

  it('a call with no answer says to check the connection', async () => {
    const { client, notifyNetworkError } = makeHarness('no answer');
    const error = await rejectionOf(client.get('/dashboard'));
    expect(error.isNetworkFailure).toBe(true);
    expect(error.message).toBe(NETWORK_MESSAGE);
    expect(notifyNetworkError).toHaveBeenCalledTimes(1);
  });

  it('an error status without an envelope still rejects with a message', async () => {
    const { client } = makeHarness({ status: 502, body: '<html>Bad gateway</html>' });
    const error = await rejectionOf(client.get('/dashboard'));
    expect(error.status).toBe(502);
    expect(error.code).toBeNull();
    expect(error.message).toBe('Something went wrong. Please try again.');
  });
});
