import type { UserInfo } from '@storefront/contract/account';
import type { CustomerRow } from './account.repo.js';

/** What the customer is told of a mail server's refusal of their address (`UserInfo.emailRefused`). */
export function emailRefusalOf(
  c: Pick<CustomerRow, 'emailRefusedAt' | 'emailRefusedReason'>,
): UserInfo['emailRefused'] {
  if (c.emailRefusedAt === null) return null;
  return { at: c.emailRefusedAt.toISOString(), reason: (c.emailRefusedReason ?? '').slice(0, 200) };
}
