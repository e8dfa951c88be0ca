import { VERIFY_LINK_HOURS } from '@storefront/contract/account-mail';
import type { NewMail } from '../mail/outbox.repo.js';

/** Why the link is mailed: a link asked for again goes to a customer we already know, who is not welcomed twice. */
export type VerifyLinkOccasion = 'registration' | 'resend';

export function verifyLinkMail(
  to: { email: string; firstName: string },
  link: string,
  occasion: VerifyLinkOccasion,
): NewMail {
  return {
    topic: 'verify-email',
    to: to.email,
    layout: {
      subject: 'Confirm your email address for Harbour Grocer',
      heading:
        occasion === 'registration'
          ? `Welcome, ${to.firstName}: please confirm your email address`
          : `Hi ${to.firstName}, please confirm your email address`,
      blocks: [
        {
          kind: 'paragraph',
          text: 'Confirm that this email address is yours, so we can send your order confirmations and password resets here.',
        },
        { kind: 'action', label: 'Confirm my email address', url: link },
        {
          kind: 'paragraph',
          text: `The link works for ${VERIFY_LINK_HOURS} hours. If you did not make an account with us, ignore this mail.`,
        },
      ],
    },
  };
}
