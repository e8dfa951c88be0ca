import type {
  FrontSubscribeState,
  FrontSuccess,
  NewsletterInfo,
  SubscribeResult,
} from '@storefront/contract/newsletter';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { findCustomerById } from '../account/account.repo.js';
import { findSubscription, markUnsubscribed, upsertSubscribed } from './newsletter.repo.js';

const OFFER = {
  title: 'Fresh deals, weekly',
  description:
    'Seasonal produce, recipes and member-only specials in your inbox every Thursday. Unsubscribe any time.',
};

const SUCCESS: FrontSuccess = {
  title: "You're subscribed",
  message: 'Thanks for joining. Your first newsletter arrives on Thursday; here is 10% off your next order.',
  couponCode: 'WELCOME10',
};

export function createNewsletterService(db: Db) {
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
      if (customerId === null) return { offer: OFFER, subscribed: null, email: null };
      const email = await accountEmail(customerId);
      return { offer: OFFER, subscribed: await isSubscribed(email), email };
    },

    /**
     * Signed in, the account's own address is subscribed. Signed out, the given one is, and the answer is the
     * same whether or not it was already on the list.
     */
    async subscribe(customerId: number | null, email: string | undefined): Promise<SubscribeResult> {
      if (customerId !== null) {
        await upsertSubscribed(db, { email: await accountEmail(customerId), customerId, source: 'account' });
      } else {
        if (!email) throw new AppError('NEWSLETTER_EMAIL_REQUIRED');
        await upsertSubscribed(db, { email, customerId: null, source: 'footer' });
      }
      return { subscribed: true };
    },

    async unsubscribe(customerId: number | null, email: string | undefined): Promise<SubscribeResult> {
      const target = customerId !== null ? await accountEmail(customerId) : email;
      if (!target) throw new AppError('NEWSLETTER_EMAIL_REQUIRED', 'Enter the email address to unsubscribe.');
      await markUnsubscribed(db, target);
      return { subscribed: false };
    },

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
