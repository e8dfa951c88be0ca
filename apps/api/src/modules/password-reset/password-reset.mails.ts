import { RESET_LINK_MINUTES } from '@storefront/contract/account-mail';
import type { NewMail } from '../mail/outbox.repo.js';

export function resetLinkMail(to: { email: string; firstName: string }, link: string): NewMail {
  return {
    topic: 'password-reset',
    to: to.email,
    layout: {
      subject: 'Reset your Harbour Grocer password',
      heading: `Hi ${to.firstName}, reset your password`,
      blocks: [
        { kind: 'paragraph', text: 'Someone, hopefully you, asked to reset the password of your account.' },
        { kind: 'action', label: 'Choose a new password', url: link },
        {
          kind: 'paragraph',
          text: `The link works once, for ${RESET_LINK_MINUTES} minutes. If you did not ask, ignore this mail: your password stays as it is.`,
        },
      ],
    },
  };
}

/** Tells the customer their password changed, by a reset link or from their account, so a stranger's change is seen. */
export function passwordChangedMail(
  to: { email: string; firstName: string },
  how: 'reset' | 'account' = 'reset',
): NewMail {
  return {
    topic: 'password-changed',
    to: to.email,
    layout: {
      subject: 'Your Harbour Grocer password was changed',
      heading: `Hi ${to.firstName}, your password was changed`,
      blocks: [
        {
          kind: 'paragraph',
          text:
            how === 'reset'
              ? 'Your password was just reset with a link from our mail, and every device was signed out.'
              : 'Your password was just changed from your account, and every other device was signed out.',
        },
        {
          kind: 'paragraph',
          text: 'If this was not you, ask for a new reset link from the sign-in page straight away.',
        },
      ],
    },
  };
}
