import axios, {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosInstance,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import type { Envelope } from '@storefront/contract/common';
import { isFailureCode } from '@storefront/contract/errors';
import { ADMIN_API_PREFIX, ADMIN_APP_PATH } from '@storefront/contract/staff';
import { showErrorToast } from '../toast';
import { errorFromBody, NETWORK_MESSAGE, networkError } from './api-error';
import { bearerHeader, clearToken, markSessionEnded, saveToken } from './token-store';

export const REQUEST_TIMEOUT_MS = 45_000;
/** The one call whose answer starts a session: its token is kept whatever the tab held before. */
const LOGIN_PATH = '/login';
const CUSTOMER_API_PREFIX = '/api/v1';
/** Pages a signed-out person may be on: a 401 there is not a session ending. */
const OPEN_PAGES = [`${ADMIN_APP_PATH}/login`, `${ADMIN_APP_PATH}/set-password`];

export type HttpClientOptions = {
  baseURL?: string;
  /** Replaces the network layer (tests). */
  adapter?: AxiosAdapter;
  /** A call got no answer (offline, timed out). */
  notifyNetworkError?: () => void;
  redirectToLogin?: (redirect: string) => void;
  /** The page the browser is on, path plus query. */
  currentPath?: () => string;
  /** False for the customer API's open routes, which refuse a staff token. */
  sendsToken?: boolean;
};

/**
 * The back office's one HTTP client: sends the stored token, keeps a renewed one, turns every failure into an
 * ApiError, and on a 401 forgets the token and sends the browser to the sign-in page (once).
 */
export function createHttpClient({
  baseURL = ADMIN_API_PREFIX,
  adapter,
  notifyNetworkError = () => showErrorToast(NETWORK_MESSAGE),
  redirectToLogin = sendBrowserToLogin,
  currentPath = readCurrentPath,
  sendsToken = true,
}: HttpClientOptions = {}): AxiosInstance {
  let isSentToLogin = false;
  const client = axios.create({
    baseURL,
    timeout: REQUEST_TIMEOUT_MS,
    headers: {
      'Cache-Control': 'no-store',
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'application/json',
    },
    ...(adapter ? { adapter } : {}),
  });

  client.interceptors.request.use((config: InternalAxiosRequestConfig) => {
    const bearer = sendsToken ? bearerHeader() : null;
    if (bearer) config.headers.set('Authorization', bearer);
    return config;
  });

  client.interceptors.response.use(
    (response: AxiosResponse) => {
      keepIssuedToken(response);
      const code: unknown = property(response.data, 'code');
      if (typeof code === 'number' && isFailureCode(code)) {
        return Promise.reject(errorFromBody(response.data, response.status));
      }
      return response;
    },
    (error: unknown) => {
      if (!(error instanceof AxiosError) || error.code === AxiosError.ERR_CANCELED)
        return Promise.reject(error);
      const { response } = error;
      if (!response) {
        notifyNetworkError();
        return Promise.reject(networkError());
      }
      if (response.status !== 401) {
        keepIssuedToken(response);
      } else if (isSentWithStoredToken(response.config)) {
        const hadSession = Boolean(response.config.headers.get('Authorization'));
        clearToken();
        if (hadSession) markSessionEnded();
        const path = currentPath();
        if (!isOpenPage(path) && !isSentToLogin) {
          isSentToLogin = true;
          redirectToLogin(path);
        }
      }
      return Promise.reject(errorFromBody(response.data, response.status));
    },
  );
  return client;
}

/**
 * Sliding renewal: a token in the `Authorization` response header replaces the stored one. The sign-in's token is
 * always kept; any other only while the tab still holds the session the call was sent in (not after signing out).
 */
function keepIssuedToken(response: AxiosResponse): void {
  const header: unknown =
    response.headers instanceof AxiosHeaders
      ? response.headers.get('authorization')
      : response.headers['authorization'];
  if (typeof header !== 'string' || header.trim() === '') return;
  if (pathOf(response.config.url) === LOGIN_PATH) {
    saveToken(header);
    return;
  }
  const sent = response.config.headers.get('Authorization');
  if (sent && sent === bearerHeader()) saveToken(header);
}

function isSentWithStoredToken(config: InternalAxiosRequestConfig): boolean {
  const sent = config.headers.get('Authorization');
  const stored = bearerHeader();
  return stored ? sent === stored : !sent;
}

function pathOf(url: string | undefined): string {
  return (url ?? '').split('?')[0]?.replace(/\/+$/, '') ?? '';
}

function isOpenPage(path: string): boolean {
  const pathname = path.split('?')[0] ?? '';
  return OPEN_PAGES.some((page) => pathname === page || pathname === `${page}/`);
}

function readCurrentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

function sendBrowserToLogin(redirect: string): void {
  window.location.assign(`${ADMIN_APP_PATH}/login?redirect=${encodeURIComponent(redirect)}`);
}

function property(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
}

export const http = createHttpClient();
/** The customer API's open routes (the catalogue): no staff token, which they would refuse. */
const openHttp = createHttpClient({ baseURL: CUSTOMER_API_PREFIX, sendsToken: false });

/** Sends one call and answers the envelope's data; rejects with an ApiError. */
export async function callApi<T>(config: AxiosRequestConfig): Promise<T> {
  const response = await http.request<Envelope<T>>(config);
  return response.data.data;
}

export function getData<T>(url: string, params?: Record<string, string | number | undefined>): Promise<T> {
  return callApi<T>({ method: 'GET', url, ...(params ? { params } : {}) });
}

/** A read of the customer API's open routes (no sign-in needed), sent without the staff token. */
export async function getOpenData<T>(url: string, params: Record<string, string | number>): Promise<T> {
  const response = await openHttp.request<Envelope<T>>({ method: 'GET', url, params });
  return response.data.data;
}

export function postData<T>(url: string, body: object = {}): Promise<T> {
  return callApi<T>({ method: 'POST', url, data: body });
}

export function putData<T>(url: string, body: object): Promise<T> {
  return callApi<T>({ method: 'PUT', url, data: body });
}
