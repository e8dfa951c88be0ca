import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from './client';
import { isNetworkFailure, readErrorMessage } from './error-message';

describe('a failed call', () => {
  it('that never got an answer is a network failure, said as one', () => {
    const offline = new AxiosError('Network Error', AxiosError.ERR_NETWORK);
    const timedOut = new AxiosError('timeout of 45000ms exceeded', AxiosError.ECONNABORTED);
    for (const failure of [offline, timedOut]) {
      expect(isNetworkFailure(failure)).toBe(true);
      expect(readErrorMessage(failure)).toBe(NETWORK_ERROR_MESSAGE);
    }
  });

  it('that the store answered, refusing it or failing, is not', () => {
    const response = {
      status: 500,
      statusText: 'Internal Server Error',
      headers: {},
      config: { headers: new AxiosHeaders() },
      data: { code: 1, msg: 'Something went wrong. Please try again.', data: null },
    };
    const failed = new AxiosError(
      'Request failed',
      AxiosError.ERR_BAD_RESPONSE,
      undefined,
      undefined,
      response,
    );
    const refused = { code: 4003, msg: 'That discount code has expired.', data: null };
    expect(isNetworkFailure(failed)).toBe(false);
    expect(isNetworkFailure(refused)).toBe(false);
    expect(readErrorMessage(refused)).toBe('That discount code has expired.');
  });
});
