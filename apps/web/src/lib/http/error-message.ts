import { HttpClientNotLoadedError, NETWORK_ERROR_MESSAGE } from './client';

const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

/** The text to show for whatever a call rejected with: an envelope body, a response, or an error. */
export function readErrorMessage(reason: unknown): string {
  if (isAxiosError(reason)) return reason.response ? FALLBACK_MESSAGE : NETWORK_ERROR_MESSAGE;
  if (reason instanceof Error) return reason.message || FALLBACK_MESSAGE;
  if (typeof reason !== 'object' || reason === null) return FALLBACK_MESSAGE;
  const message = readMsg(reason) ?? readMsg(Reflect.get(reason, 'data'));
  return message ?? FALLBACK_MESSAGE;
}

/** A call that never reached the store, or whose answer never came back (offline, timed out, the client's code not fetched). */
export function isNetworkFailure(reason: unknown): boolean {
  return (isAxiosError(reason) && !reason.response) || reason instanceof HttpClientNotLoadedError;
}

/**
 * The catalogue code a call was refused with (a business refusal rejects with the envelope, a 400 with the
 * response carrying it), or null for a network failure or anything else.
 */
export function readErrorCode(reason: unknown): number | null {
  for (const candidate of [
    reason,
    property(reason, 'data'),
    property(property(reason, 'response'), 'data'),
  ]) {
    const code = property(candidate, 'code');
    if (typeof code === 'number') return code;
  }
  return null;
}

function property(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
}

function readMsg(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const msg: unknown = Reflect.get(value, 'msg');
  return typeof msg === 'string' && msg.trim() !== '' ? msg : null;
}

/** axios marks its errors; checking the mark keeps axios itself out of the bundle that shows the first page. */
function isAxiosError(reason: unknown): reason is { response?: unknown } {
  return typeof reason === 'object' && reason !== null && Reflect.get(reason, 'isAxiosError') === true;
}
