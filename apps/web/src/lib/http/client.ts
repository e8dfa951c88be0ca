import type { AxiosRequestConfig } from 'axios';
import type { Envelope } from '@storefront/contract/common';
import { showErrorToast } from '../toast';
import type * as AxiosClient from './axios-client';

export const REQUEST_TIMEOUT_MS = 45_000;
export const NETWORK_ERROR_MESSAGE = 'Please check your network connection and try again.';

/** Answers to these calls start a session, whatever the browser held before: their token is always kept. */
export const SIGN_IN_PATHS: readonly string[] = ['/api/v1/login', '/api/v1/register', '/api/v1/google-auth'];

/** Answers to these calls always carry a session token to keep (spec section 4). */
export const TOKEN_ISSUING_PATHS: readonly string[] = [
  ...SIGN_IN_PATHS,
  '/api/v1/after-pay/capture',
  '/api/v1/paypal/express-capture',
  '/api/v1/payment/demo/capture',
];

let loadingClient: Promise<typeof AxiosClient> | null = null;

/**
 * Starts loading axios and the instance; a page that will call the API asks for it with its own code. A load that
 * failed (the connection dropped) is forgotten, so the next call fetches the code again.
 */
export function loadHttpClient(): Promise<typeof AxiosClient> {
  loadingClient ??= import('./axios-client').catch((error: unknown) => {
    loadingClient = null;
    throw error;
  });
  return loadingClient;
}

/** A call that could not be sent: the HTTP client's own code could not be fetched. Reads as a network failure. */
export class HttpClientNotLoadedError extends Error {
  constructor(cause: unknown) {
    super(NETWORK_ERROR_MESSAGE, { cause });
    this.name = 'HttpClientNotLoadedError';
  }
}

let closeNetworkToast: (() => void) | null = null;

/** Tells the customer a call did not reach the store. */
export function showNetworkToast(): void {
  closeNetworkToast = showErrorToast(NETWORK_ERROR_MESSAGE);
}

/** An answer came, so the connection is back: the network toast no longer holds and would only sit beside news. */
export function closeNetworkToastOnAnswer(): void {
  closeNetworkToast?.();
  closeNetworkToast = null;
}

/**
 * Sends one call and answers the envelope's data. axios and the instance load with the first call, so a page
 * that calls nothing before its first paint (sign-in, home) does not wait for them. Should their code not come,
 * the call fails as a network failure would: with the network toast, and rejecting with its message.
 */
export async function callApi<T>(config: AxiosRequestConfig): Promise<T> {
  const { http } = await loadHttpClient().catch((error: unknown) => {
    showNetworkToast();
    throw new HttpClientNotLoadedError(error);
  });
  const response = await http.request<Envelope<T>>(config);
  return response.data.data;
}
