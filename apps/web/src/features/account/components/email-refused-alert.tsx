import { Alert } from 'antd';
import type { UserInfo } from '@storefront/contract/account';
import { Link } from 'react-router';
import { readRuntimeConfig } from '../../../lib/runtime-config';
import { EMAIL_FOCUS_STATE, shortRefusalReason } from '../email-refusal';

type Props = { email: string; refusal: NonNullable<UserInfo['emailRefused']> };

/**
 * Asks a customer whose address a mail server refused (no such mailbox) to check it, and takes them to it. The
 * account has no email change of its own, so a wrong address is reported to the shop.
 */
export function EmailRefusedAlert({ email, refusal }: Props) {
  const { contactEmail } = readRuntimeConfig();
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      style={{ marginBottom: 16 }}
      title={`We couldn't deliver mail to ${email}: ${shortRefusalReason(refusal.reason)}. Check the address and correct it.`}
      description={
        contactEmail ? (
          <>
            If it is wrong, email us at{' '}
            <a
              href={`mailto:${contactEmail}?subject=${encodeURIComponent(`Correct my email address ${email}`)}`}
            >
              {contactEmail}
            </a>
            .
          </>
        ) : (
          'If it is wrong, reply to any email we have sent you.'
        )
      }
      action={
        <Link to="/account/profile" state={EMAIL_FOCUS_STATE} data-testid="email-refused-fix">
          Go to your email address
        </Link>
      }
      data-testid="email-refused"
    />
  );
}
