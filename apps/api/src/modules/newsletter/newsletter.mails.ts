import { renderMail } from '../mail/mail-layout.js';
import type { NewMail } from '../mail/outbox.repo.js';

/**
 * The welcome to the newsletter. Like every newsletter it carries a signed unsubscribe link in its text and, for
 * mail programs, `List-Unsubscribe` with one-click `List-Unsubscribe-Post` (RFC 8058).
 */
export function welcomeMail(
  email: string,
  links: { sender: string; page: string; oneClick: string },
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
      // The Spam Act 2003 (s 17, 18) asks a commercial mail to say who sent it and to offer an unsubscribe.
      footer: [
        links.sender,
        'You get this mail because this address was subscribed to our newsletter.',
        { text: 'Unsubscribe', url: links.page },
      ],
    }),
  };
}

/**
 * The link that proves a signed-out subscriber owns the address. No newsletter goes to an address until it is
 * followed, so nobody can put a stranger on the list, or back on it after they left.
 */
export function confirmMail(email: string, link: string, sender: string, validHours: number): NewMail {
  return {
    topic: 'newsletter-confirm',
    to: email,
    ...renderMail({
      subject: 'Confirm your Harbour Grocer newsletter subscription',
      heading: 'One more step',
      blocks: [
        {
          kind: 'paragraph',
          text: "Someone, we hope you, asked for the Harbour Grocer newsletter at this address. Confirm and it starts with this Thursday's issue.",
        },
        { kind: 'action', label: 'Confirm my subscription', url: link },
        {
          kind: 'paragraph',
          text: `The link works for ${validHours} hours. Not you? Ignore this mail and nothing is sent.`,
        },
      ],
      footer: [
        sender,
        'You get this mail because this address was entered in the newsletter form at Harbour Grocer.',
      ],
    }),
  };
}
