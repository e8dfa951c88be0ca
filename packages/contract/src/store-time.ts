import { STORE_TIME_ZONE } from './limits.js';

// By the store's clock in Sydney, wherever the reader is, naming the zone (AEST or AEDT) for a customer in Perth or
// London. Zod-free, so the browser may import it: the order's page and its mails give a moment alike.
const momentFormat = new Intl.DateTimeFormat('en-AU', {
  timeZone: STORE_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

// The last moment formatted: a batch of checkouts gives each of its orders the same time to pay by, and formatting
// with a time zone costs microseconds a time.
let last = { ms: NaN, text: '' };

/** A moment as customers read it, by the store's clock: "27 Nov 2026, 3:27 pm AEDT". */
export function formatStoreMoment(at: Date | string): string {
  const ms = (typeof at === 'string' ? new Date(at) : at).getTime();
  if (ms !== last.ms) last = { ms, text: momentFormat.format(ms) };
  return last.text;
}
