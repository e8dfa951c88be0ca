const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** The message for an email field typed into a form built without Ant Design's Form, or null when it is fine. */
export function checkEmail(value: string, messages: { missing: string; invalid: string }): string | null {
  const email = value.trim();
  if (!email) return messages.missing;
  return EMAIL_PATTERN.test(email) ? null : messages.invalid;
}
