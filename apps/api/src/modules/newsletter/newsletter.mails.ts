import { renderMail } from '../mail/mail-layout.js';
import type { NewMail } from '../mail/outbox.repo.js';

/**
 * The welcome to the newsletter. Like every newsletter it carries a signed unsubscribe link in its text and, for
 * mail programs, `List-Unsubscribe` with one-click `List-Unsubscribe-Post` (RFC 8058).
 */
export function welcomeMail(
  email: string,
  links: { page: string; oneClick: string },
  offer: { couponCode: string | null },
): NewMail {
  return {
    topic: 'newsletter-welcome',
    to: email,
    headers: {
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    ...renderMail({
      subject: 'Welcome to the Harbour Grocer newsletter',
      heading: 'Thanks for subscribing',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Seasonal produce, recipes and member-only specials arrive in your inbox every Thursday.',
        },
        ...(offer.couponCode
          ? [
              {
                kind: 'paragraph' as const,
                text: `As a welcome, ${offer.couponCode} takes 10% off your next order of $30 or more.`,
              },
            ]
          : []),
      ],
      footer: [
        'You get this mail because this address was subscribed to our newsletter.',
        `Unsubscribe with one click: ${links.page}`,
      ],
    }),
  };
}
