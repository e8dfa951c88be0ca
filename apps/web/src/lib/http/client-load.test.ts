import { afterEach, describe, expect, it, vi } from 'vitest';
import { isNetworkFailure, readErrorMessage } from './error-message';
import { registerToaster } from '../toast';
import {
  callApi,
  closeNetworkToastOnAnswer,
  HttpClientNotLoadedError,
  loadHttpClient,
  NETWORK_ERROR_MESSAGE,
  showNetworkToast,
} from './client';

/** Whether the HTTP client's code can be fetched, and what its one instance answers. */
const network = vi.hoisted(() => ({ isChunkReachable: false, loads: 0, request: vi.fn() }));

vi.mock('./axios-client', () => {
  network.loads += 1;
  if (!network.isChunkReachable) {
    throw new TypeError('Failed to fetch dynamically imported module: /assets/axios-client.js');
  }
  return { http: { request: network.request } };
});

function makeToaster() {
  const close = vi.fn();
  const showing = () => vi.fn((_text: string) => close);
  return { close, success: showing(), error: showing(), info: showing(), warning: showing() };
}

afterEach(() => {
  registerToaster(null);
  closeNetworkToastOnAnswer();
});

describe('the HTTP client', () => {
  it('whose code could not be fetched is fetched again by the next call, which then goes out', async () => {
    const toaster = makeToaster();
    registerToaster(toaster);
    network.request.mockResolvedValue({ data: { code: 0, msg: 'ok', data: { count: 2 } } });

    const failed: unknown = await callApi({ url: '/api/v1/cart/count' }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(HttpClientNotLoadedError);
    expect(readErrorMessage(failed)).toBe(NETWORK_ERROR_MESSAGE);
    expect(isNetworkFailure(failed)).toBe(true);
    expect(toaster.error).toHaveBeenCalledExactlyOnceWith(NETWORK_ERROR_MESSAGE);
    expect(network.request).not.toHaveBeenCalled();

    network.isChunkReachable = true;
    await expect(callApi({ url: '/api/v1/cart/count' })).resolves.toEqual({ count: 2 });
    expect(network.loads).toBe(2);
    // Loaded once, it is kept.
    await loadHttpClient();
    expect(network.loads).toBe(2);
  });
});

describe('the network toast', () => {
  it('is closed by the next answer, and shows again with the next failure', () => {
    const toaster = makeToaster();
    registerToaster(toaster);
    showNetworkToast();
    closeNetworkToastOnAnswer();
    expect(toaster.close).toHaveBeenCalledOnce();

    showNetworkToast();
    expect(toaster.error).toHaveBeenCalledTimes(2);
    closeNetworkToastOnAnswer();
    closeNetworkToastOnAnswer();
    expect(toaster.close).toHaveBeenCalledTimes(2);
  });
});
