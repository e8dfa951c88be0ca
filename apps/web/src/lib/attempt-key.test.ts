import { describe, expect, it } from 'vitest';
import { createAttemptKeys, isAnswerLost } from './attempt-key';

function counter() {
  let n = 0;
  return () => `key-${++n}`;
}

describe('createAttemptKeys', () => {
  it('keeps the key while the same request is retried', () => {
    const keys = createAttemptKeys(counter());
    expect(keys.keyFor({ orderID: 1 })).toBe('key-1');
    expect(keys.keyFor({ orderID: 1 })).toBe('key-1');
  });

  it('gives another request, or a request after the attempt finished, a fresh key', () => {
    const keys = createAttemptKeys(counter());
    expect(keys.keyFor({ orderID: 1 })).toBe('key-1');
    expect(keys.keyFor({ orderID: 2 })).toBe('key-2');
    keys.finish();
    expect(keys.keyFor({ orderID: 2 })).toBe('key-3');
  });
});

describe('isAnswerLost', () => {
  it('is true for a network error, a timeout or a server fault', () => {
    expect(isAnswerLost({ isAxiosError: true })).toBe(true);
    expect(isAnswerLost({ isAxiosError: true, response: { status: 502 } })).toBe(true);
    expect(isAnswerLost({ status: 503, data: {} })).toBe(true);
  });

  it('is false for an answer: a failure envelope or a client error', () => {
    expect(isAnswerLost({ code: 100901, msg: 'declined', data: null })).toBe(false);
    expect(isAnswerLost({ status: 400, data: {} })).toBe(false);
    expect(isAnswerLost({ isAxiosError: true, response: { status: 409 } })).toBe(false);
    expect(isAnswerLost(null)).toBe(false);
  });
});
