import { withoutInvisible } from '@storefront/contract/limits';

/**
 * Delivery instructions as they are sent: without the invisible formatting characters text pasted from a message
 * often carries (the server refuses them), and none at all when blank.
 */
export function notesToSend(notes: string | undefined): string | undefined {
  const cleaned = withoutInvisible(notes ?? '');
  return cleaned.trim() ? cleaned : undefined;
}
