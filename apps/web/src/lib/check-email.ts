import { EMAIL_MAX, emailProblem } from '@storefront/contract/email-address';

/** Said wherever an address has an accented or other non-ASCII letter before the @ (the API refuses it too). */
export const EMAIL_NOT_ASCII =
  'Use only the letters a-z, digits and . _ + - before the @: mail to an accented letter there may not arrive.';

/**
 * The message for an email field, or null when it is fine: the API's own rule (contract email-address.ts), so the
 * page never passes an address the API then refuses.
 */
export function checkEmail(value: string, messages: { missing: string; invalid: string }): string | null {
  const email = value.trim();
  if (!email) return messages.missing;
  if (email.length > EMAIL_MAX) return messages.invalid;
  const problem = emailProblem(email);
  if (problem === 'local-part-not-ascii') return EMAIL_NOT_ASCII;
  return problem ? messages.invalid : null;
}
