/** The history state a link to the profile's email carries: the profile then puts the focus there. */
export const EMAIL_FOCUS_STATE = { focus: 'profile-email' } as const;

/** The id of the profile's email, the one place the account shows the address. */
export const PROFILE_EMAIL_ID = 'profile-email';

export function isEmailFocusAsked(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && Reflect.get(state, 'focus') === EMAIL_FOCUS_STATE.focus
  );
}

const REASON_MAX = 120;

/**
 * What the mail server said of the address, for the customer: without its reply and status codes ("550 5.1.1"), cut
 * to a line. A server that said nothing else gives a plain "the address was refused".
 */
export function shortRefusalReason(reason: string): string {
  const words = reason
    .replace(/^\s*\d{3}([ -]+\d\.\d{1,3}\.\d{1,3})?(?=[ -]|$)[ -]*/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\.+$/, '');
  if (words === '') return 'the address was refused';
  return words.length > REASON_MAX ? `${words.slice(0, REASON_MAX - 1).trimEnd()}…` : words;
}
