import axios, {
  AxiosError,
  type AxiosAdapter,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { isFailureCode } from '@storefront/contract/errors';
import { readRuntimeConfig } from '../runtime-config';
import {
  closeNetworkToastOnAnswer,
  REQUEST_TIMEOUT_MS,
  showNetworkToast,
  SIGN_IN_PATHS,
  TOKEN_ISSUING_PATHS,
} from './client';
import { serializeQuery } from './query-string';
import {
  clearSession,
  markSessionEnded,
  readEmail,
  readToken,
  saveRenewedToken,
  saveToken,
  toBearer,
} from './session';

export class EmptyApiPathError extends Error {
  constructor() {
    super('The API path of a call must not be empty.');
    this.name = 'EmptyApiPathError';
  }
}

export type HttpClientOptions = {
  baseURL: string;
  /** Replaces the network layer (tests). */
  adapter?: AxiosAdapter;
  /** A call got no answer (network, timeout). */
  notifyNetworkError?: () => void;
  /** A call got an answer, whatever it said: the connection works. */
  notifyAnswered?: () => void;
  redirectToLogin?: (redirect: string) => void;
  /** The page the browser is on, path plus query. */
  currentPath?: () => string;
};

export function createHttpClient({
  baseURL,
  adapter,
  notifyNetworkError = showNetworkToast,
  notifyAnswered = closeNetworkToastOnAnswer,
  redirectToLogin = sendBrowserToLogin,
  currentPath = readCurrentPath,
}: HttpClientOptions): AxiosInstance {
  let sentToLogin = false;
  const client = axios.create({
    baseURL,
    timeout: REQUEST_TIMEOUT_MS,
    withCredentials: true,
    headers: {
      'Cache-Control': 'no-store',
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'application/json',
    },
    paramsSerializer: { serialize: (params) => serializeQuery(params) },
    ...(adapter ? { adapter } : {}),
  });

  client.interceptors.request.use((config: InternalAxiosRequestConfig) => {
    if (!config.url || config.url.trim() === '') throw new EmptyApiPathError();
    // axios drops Content-Type from a request without a body, but the spec wants it on every request. An empty
    // JSON object keeps it; a browser sends no body with a GET, and a DELETE then carries valid JSON.
    if (config.data === undefined) config.data = {};
    const token = readToken();
    if (token) config.headers.set('Authorization', token);
    return config;
  });

  client.interceptors.response.use(
    (response: AxiosResponse) => {
      notifyAnswered();
      keepIssuedToken(response);
      if ((response.status === 200 || response.status === 201) && hasFailureCode(response.data)) {
        return Promise.reject(response.data);
      }
      return response;
    },
    (error: unknown) => {
      if (!(error instanceof AxiosError) || error.code === AxiosError.ERR_CANCELED) {
        return Promise.reject(error);
      }
      const { response } = error;
      if (!response) {
        notifyNetworkError();
        return Promise.reject(error);
      }
      notifyAnswered();
      // A 401 ends the session the call was sent in: when another tab has since ended or replaced that session, the
      // one stored now is not this answer's to end.
      if (response.status !== 401) {
        keepIssuedToken(response);
      } else if (isSentWithStoredToken(response.config)) {
        clearSession();
        // Told on the sign-in page; a call sent without a session ended none.
        if (response.config.headers.get('Authorization')) markSessionEnded();
        const path = currentPath();
        // Once: a second 401 arriving while the browser leaves would start the same navigation over again.
        if (!isLoginPath(path) && !sentToLogin) {
          sentToLogin = true;
          redirectToLogin(path);
        }
      }
      return Promise.reject(response);
    },
  );

  return client;
}

/**
 * Sliding renewal: a token in the Authorization response header replaces the one the call was sent with. A sign-in's
 * token starts a session and is always kept; any other continues the session the call was sent in, so it is dropped
 * when the browser holds another session by the time the answer comes (another tab signed out, or in as someone else).
 */
function keepIssuedToken(response: AxiosResponse): void {
  const header: unknown = response.headers['authorization'];
  if (typeof header !== 'string' || header.trim() === '') return;
  const rawToken = header.trim();
  const path = pathOf(response.config.url);
  if (SIGN_IN_PATHS.includes(path)) {
    saveToken(rawToken);
    return;
  }
  if (!isSentWithStoredToken(response.config)) return;
  const isAlwaysKept = TOKEN_ISSUING_PATHS.includes(path);
  if ((isAlwaysKept || readEmail()) && readToken() !== toBearer(rawToken)) saveRenewedToken(rawToken);
}

/** Whether the call carried the token stored now, or none when none is stored (as the request interceptor sends it). */
function isSentWithStoredToken(config: InternalAxiosRequestConfig): boolean {
  const sent = config.headers.get('Authorization');
  const stored = readToken();
  return stored ? sent === stored : !sent;
}

function hasFailureCode(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const code: unknown = Reflect.get(body, 'code');
  return typeof code === 'number' && isFailureCode(code);
}

function pathOf(url: string | undefined): string {
  if (!url) return '';
  const path = url.split('?')[0] ?? '';
  return path.replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/\/+$/, '');
}

function isLoginPath(path: string): boolean {
  return path === '/login' || path.startsWith('/login?');
}

function readCurrentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

function sendBrowserToLogin(redirect: string): void {
  window.location.assign(`/login?redirect=${encodeURIComponent(redirect)}`);
}

export const http = createHttpClient({ baseURL: readRuntimeConfig().apiBaseUrl });
