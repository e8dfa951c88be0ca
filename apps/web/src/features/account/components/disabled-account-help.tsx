import { readRuntimeConfig } from '../../../lib/runtime-config';

/**
 * A disabled account's next step: the shop's contact address (`MAIL_FROM`'s, the one its mails come from), with a
 * mail already addressed and naming the account. Without it (no config served), a reply to any of the shop's mails
 * reaches the same place.
 */
export function DisabledAccountHelp({ email }: { email: string }) {
  const { contactEmail } = readRuntimeConfig();
  if (!contactEmail) {
    return (
      <p className="form-alert__next" data-testid="login-disabled-help">
        To ask why, or to have it opened again, reply to any email we have sent you.
      </p>
    );
  }
  const subject = email ? `My account ${email} is disabled` : 'My account is disabled';
  return (
    <p className="form-alert__next" data-testid="login-disabled-help">
      To ask why, or to have it opened again, email us at{' '}
      <a
        href={`mailto:${contactEmail}?subject=${encodeURIComponent(subject)}`}
        data-testid="login-contact-link"
      >
        {contactEmail}
      </a>
      .
    </p>
  );
}
