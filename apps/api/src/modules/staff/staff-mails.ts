import { STAFF_INVITE_HOURS } from '@storefront/contract/staff';
import type { NewMail } from '../mail/outbox.repo.js';

/** The one-time link that sets a staff member's password: a new member's welcome, or a new password. */
export function staffPasswordLinkMail(
  to: { email: string; name: string },
  link: string,
  kind: 'welcome' | 'reset',
): NewMail {
  return {
    topic: 'staff-password-link',
    to: to.email,
    layout: {
      subject:
        kind === 'welcome'
          ? 'You have been added to the Harbour Grocer back office'
          : 'Set a new password for the Harbour Grocer back office',
      heading: `Hi ${to.name}`,
      blocks: [
        {
          kind: 'paragraph',
          text:
            kind === 'welcome'
              ? 'The shop owner added you to the back office. Choose your password to sign in.'
              : 'The shop owner sent you a link to set a new password for the back office.',
        },
        { kind: 'action', label: 'Choose your password', url: link },
        {
          kind: 'paragraph',
          text: `The link works once, for ${STAFF_INVITE_HOURS} hours. Nobody else ever sees your password.`,
        },
      ],
    },
  };
}
