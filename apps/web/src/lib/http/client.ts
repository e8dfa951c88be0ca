import type { AxiosRequestConfig } from 'axios';
import type { Envelope } from '@storefront/contract/common';
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

/** Starts loading axios and the instance; a page that will call the API asks for it with its own code. */
export function loadHttpClient(): Promise<typeof AxiosClient> {
  loadingClient ??= import('./axios-client');
  return loadingClient;
}

/**
 * Sends one call and answers the envelope's data. axios and the instance load with the first call, so a page
 * that calls nothing before its first paint (sign-in, home) does not wait for them.
 */
export async function callApi<T>(config: AxiosRequestConfig): Promise<T> {
  const { http } = await loadHttpClient();
  const response = await http.request<Envelope<T>>(config);
  return response.data.data;
}
