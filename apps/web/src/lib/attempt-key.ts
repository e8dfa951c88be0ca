import { randomId } from './random-id';

/**
 * Idempotency keys for a write the customer may retry: the same request keeps its key, so a retry after a lost
 * answer is applied once; another request, or a retry after an answer, gets a fresh key (the API refuses a key
 * reused with another body).
 */
export function createAttemptKeys(newKey: () => string = randomId) {
  let last: { request: string; key: string } | null = null;
  return {
    keyFor(request: unknown): string {
      const text = JSON.stringify(request);
      if (!last || last.request !== text) last = { request: text, key: newKey() };
      return last.key;
    },
    /** The attempt is over; the next request gets a fresh key. */
    finish(): void {
      last = null;
    },
  };
}

/** True when a call never got its answer (network, timeout, server fault), so its retry must keep the key. */
export function isAnswerLost(reason: unknown): boolean {
  if (typeof reason !== 'object' || reason === null) return false;
  if (Reflect.get(reason, 'isAxiosError') === true) {
    const response: unknown = Reflect.get(reason, 'response');
    return response === undefined || isServerFault(response);
  }
  return isServerFault(reason);
}

function isServerFault(response: unknown): boolean {
  if (typeof response !== 'object' || response === null) return false;
  const status: unknown = Reflect.get(response, 'status');
  return typeof status === 'number' && status >= 500;
}
