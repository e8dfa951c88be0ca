import { formatAbn } from '@storefront/contract/abn';
import {
  SUBSCRIBE_CONFIRM_PAGE_PATH,
  UNSUBSCRIBE_PAGE_PATH,
  type FrontSubscribeState,
  type FrontSuccess,
  type NewsletterInfo,
  type SubscribeAnswer,
  type SubscribeBody,
  type SubscribeResult,
  type UnsubscribeBody,
} from '@storefront/contract/newsletter';
import { NEWSLETTER_OFFER } from '@storefront/contract/limits';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Signer } from '../../lib/signing.js';
import { findCustomerById } from '../account/account.repo.js';
import { insertMail } from '../mail/outbox.repo.js';
import type { Throttle } from '../throttle/throttle.service.js';
import { confirmMail, welcomeMail, type UnsubscribeLinks } from './newsletter.mails.js';
import { findSubscription, markUnsubscribed, upsertSubscribed } from './newsletter.repo.js';
import { storeUrl } from '../../lib/store-url.js';
import { contactAddressOf } from '../mail/mail-config.js';

const SUCCESS: FrontSuccess = {
  title: "You're subscribed",
  message: 'Thanks for joining. Your first newsletter arrives on Thursday; here is 10% off your next order.',
  couponCode: 'WELCOME10',
};

const UNSUBSCRIBE_PURPOSE = 'newsletter-unsubscribe';
const CONFIRM_PURPOSE = 'newsletter-confirm';
/** How long a signed-out subscriber's confirmation link works. */
const CONFIRM_LINK_HOURS = 48;

/** Addresses are kept and signed in one spelling, so `Ann@X.com` and `ann@x.com` share one link. */
const canonical = (email: string) => email.trim().toLowerCase();

/** Mail programs POST here for a one-click unsubscribe (RFC 8058), with the same signed address as the page. */
export const ONE_CLICK_PATH = '/api/v1/newsletters/one-click-unsubscribe';

export type NewsletterSettings = {
  signer: Signer;
  /** Signed out, confirmation links are limited per address and per IP, so the form mails nobody at will. */
  throttle: Throttle;
  /** Where customers reach the store: mailed links are built on it. */
  publicUrl: string;
  /** The store's sender (`MAIL_FROM`, "Name <address>" or an address): its address is how to contact the store. */
  mailFrom: string;
  /** The store's ABN (`STORE_ABN`), named beside it when set. */
  abn: string | null;
  now: () => Date;
};

/**
 * Who sends the store's commercial mail and how to reach them (Spam Act 2003, s 17): "Sent by Harbour Grocer (ABN 51
 * 824 753 556), https://…/ · Contact us at hello@…".
 */
function senderLine({
  publicUrl,
  mailFrom,
  abn,
}: Pick<NewsletterSettings, 'publicUrl' | 'mailFrom' | 'abn'>) {
  const address = contactAddressOf(mailFrom);
  const name = `Harbour Grocer${abn ? ` (ABN ${formatAbn(abn)})` : ''}`;
  return `Sent by ${name}, ${storeUrl(publicUrl).toString()} · Contact us at ${address}`;
}

export function createNewsletterService(db: Db, settings: NewsletterSettings) {
  const { signer, throttle, publicUrl, now } = settings;
  /** Every newsletter mail names its sender and how to contact it (Spam Act 2003, s 17). */
  const sender = senderLine(settings);
  const isUnsubscribeToken = (email: string, token: string) =>
    signer.verify(UNSUBSCRIBE_PURPOSE, canonical(email), token);

  /** A confirmation token: the minute it stops working, and the signature of that and the address. */
  function confirmToken(email: string): string {
    const until = Math.floor(now().getTime() / 60_000) + CONFIRM_LINK_HOURS * 60;
    return `${until}.${signer.sign(CONFIRM_PURPOSE, `${until}\n${canonical(email)}`)}`;
  }

  function isConfirmToken(email: string, token: string): boolean {
    const [until = '', signature = ''] = token.split('.');
    if (Number(until) * 60_000 <= now().getTime()) return false;
    return signer.verify(CONFIRM_PURPOSE, `${until}\n${canonical(email)}`, signature);
  }

  /**
   * Mails a link that subscribes the address when followed, unless it is on the list already; the answer is the
   * same either way, so nobody learns who subscribes.
   */
  async function askToConfirm(email: string, ip: string): Promise<void> {
    await throttle.reserve('perIp', `newsletter:ip:${ip}`);
    await throttle.reserve('perAccount', `newsletter:email:${canonical(email)}`);
    if (await isSubscribed(email)) return;
    const link = storeUrl(publicUrl, SUBSCRIBE_CONFIRM_PAGE_PATH);
    link.searchParams.set('email', canonical(email));
    link.searchParams.set('token', confirmToken(email));
    const mail = confirmMail(canonical(email), link.toString(), sender, CONFIRM_LINK_HOURS);
    await insertMail(db, mail, now());
  }

  function signedLink(path: string, email: string, signatureParam = 'token'): string {
    const url = storeUrl(publicUrl, path);
    url.searchParams.set('email', canonical(email));
    url.searchParams.set(signatureParam, signer.sign(UNSUBSCRIBE_PURPOSE, canonical(email)));
    return url.toString();
  }

  /** What every newsletter mail to `email` carries: the sender line and its signed unsubscribe links. */
  const linksFor = (email: string): UnsubscribeLinks => ({
    sender,
    page: signedLink(UNSUBSCRIBE_PAGE_PATH, email),
    oneClick: signedLink(ONE_CLICK_PATH, email, 'sig'),
  });

  /** Subscribes and, if the address joined just now, writes its welcome mail in the same transaction. */
  async function join(values: { email: string; customerId: number | null; source: 'account' | 'footer' }) {
    await db.transaction(async (tx) => {
      if (!(await upsertSubscribed(tx, values))) return;
      await insertMail(tx, welcomeMail(canonical(values.email), linksFor(values.email), SUCCESS), now());
    });
  }

  async function accountEmail(customerId: number): Promise<string> {
    const customer = await findCustomerById(db, customerId);
    if (!customer) throw new AppError('NOT_SIGNED_IN');
    return customer.email;
  }

  async function isSubscribed(email: string): Promise<boolean> {
    return (await findSubscription(db, email))?.status === 'subscribed';
  }

  return {
    async frontState(customerId: number | null): Promise<FrontSubscribeState> {
      if (customerId === null) return { offer: NEWSLETTER_OFFER, subscribed: null, email: null };
      const email = await accountEmail(customerId);
      return { offer: NEWSLETTER_OFFER, subscribed: await isSubscribed(email), email };
    },

    /**
     * Signed in, the account's own address is subscribed. Signed out, the given address is sent a link to confirm,
     * and is subscribed when the link's token comes back with it (docs/decisions/0015, "Newsletter").
     */
    async subscribe(customerId: number | null, body: SubscribeBody, ip: string): Promise<SubscribeAnswer> {
      if (customerId !== null) {
        await join({ email: await accountEmail(customerId), customerId, source: 'account' });
        return { subscribed: true, confirmationSent: false };
      }
      if (!body?.email) throw new AppError('NEWSLETTER_EMAIL_REQUIRED');
      if (body.token === undefined) {
        await askToConfirm(body.email, ip);
        return { subscribed: false, confirmationSent: true };
      }
      if (!isConfirmToken(body.email, body.token)) throw new AppError('NEWSLETTER_CONFIRM_LINK_INVALID');
      await join({ email: body.email, customerId: null, source: 'footer' });
      return { subscribed: true, confirmationSent: false };
    },

    /**
     * With a link's token, the link's address is unsubscribed, signed in or not (someone else may be signed in on
     * this browser). Without one, the signed-in customer's own address is. Anything else changes nothing, and
     * every answer is the same whether or not the address was on the list, so nobody learns who subscribes.
     */
    async unsubscribe(customerId: number | null, body: UnsubscribeBody): Promise<SubscribeResult> {
      if (body?.token !== undefined) {
        if (!body.email || !isUnsubscribeToken(body.email, body.token))
          throw new AppError('NEWSLETTER_LINK_INVALID');
        await markUnsubscribed(db, body.email);
        return { subscribed: false };
      }
      if (customerId === null) throw new AppError('NEWSLETTER_LINK_INVALID');
      await markUnsubscribed(db, await accountEmail(customerId));
      return { subscribed: false };
    },

    /** The unsubscribe link a newsletter sent to `email` carries: the store's page, with the signed address. */
    unsubscribeLink: (email: string) => signedLink(UNSUBSCRIBE_PAGE_PATH, email),

    linksFor,

    async info(customerId: number): Promise<NewsletterInfo> {
      const email = await accountEmail(customerId);
      const row = await findSubscription(db, email);
      return {
        email,
        subscribed: row?.status === 'subscribed',
        subscribedAt: row?.subscribedAt.toISOString() ?? null,
        unsubscribedAt: row?.unsubscribedAt?.toISOString() ?? null,
      };
    },

    success: (): FrontSuccess => SUCCESS,

    async check(customerId: number): Promise<SubscribeResult> {
      return { subscribed: await isSubscribed(await accountEmail(customerId)) };
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
