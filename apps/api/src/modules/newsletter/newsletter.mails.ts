import { formatAud } from '../mail/mail-layout.js';
import type { NewMail } from '../mail/outbox.repo.js';
import type { IssueSpecial } from './newsletter.repo.js';

/** The store's sender line and an address's signed unsubscribe links (the page, and the one-click POST). */
export type UnsubscribeLinks = { sender: string; page: string; oneClick: string };

/**
 * The mails an address is sent for being on the list (not the confirmation, which asks it to join): they go only
 * while it still is (`withdrawIfOffTheList`, newsletter.repo.ts).
 */
export const LIST_MAIL_TOPICS = ['newsletter-welcome', 'newsletter-issue'] as const;

const unsubscribeHeaders = (links: UnsubscribeLinks) => ({
  'List-Unsubscribe': `<${links.oneClick}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/**
 * The welcome to the newsletter. Like every newsletter it carries a signed unsubscribe link in its text and, for
 * mail programs, `List-Unsubscribe` with one-click `List-Unsubscribe-Post` (RFC 8058).
 */
export function welcomeMail(
  email: string,
  links: UnsubscribeLinks,
  offer: { couponCode: string | null },
): NewMail {
  return {
    topic: LIST_MAIL_TOPICS[0],
    to: email,
    headers: unsubscribeHeaders(links),
    layout: {
      subject: 'Welcome to the Harbour Grocer newsletter',
      heading: 'Thanks for subscribing',
      blocks: [
        {
          kind: 'paragraph',
          text: "This week's specials arrive in your inbox every Thursday morning.",
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
    },
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
    layout: {
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
    },
  };
}

/** A weekly issue: the week's specials with their prices, and a link to all of them in the shop. */
export function issueMail(
  email: string,
  links: UnsubscribeLinks,
  issue: { day: string; specials: IssueSpecial[]; shopUrl: string },
): NewMail {
  return {
    topic: LIST_MAIL_TOPICS[1],
    to: email,
    headers: unsubscribeHeaders(links),
    layout: {
      subject: `This week's specials at Harbour Grocer, ${issue.day}`,
      heading: "This week's specials",
      blocks: [
        { kind: 'paragraph', text: 'On special this week, while stocks last:' },
        {
          kind: 'rows',
          rows: issue.specials.map((p) => ({
            label: p.name,
            value: `${formatAud(p.priceCents)} (was ${formatAud(p.wasPriceCents)})`,
          })),
        },
        { kind: 'action', label: 'Shop the specials', url: issue.shopUrl },
      ],
      footer: [
        links.sender,
        'You get this mail because this address was subscribed to our newsletter.',
        { text: 'Unsubscribe', url: links.page },
      ],
    },
  };
}
