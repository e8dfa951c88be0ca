import { z } from 'zod';
import { email, isoDateTime } from './common.js';

export const newsletterOffer = z.object({
  title: z.string().max(200),
  description: z.string().max(2000),
});

/** Logged out, `subscribed` is null: the offer only, nothing about anyone's address. */
export const frontSubscribeState = z.object({
  offer: newsletterOffer,
  subscribed: z.boolean().nullable(),
  email: z.string().max(254).nullable(),
});
export type FrontSubscribeState = z.infer<typeof frontSubscribeState>;

/** Where a signed-out subscription's confirmation link points, with `email` and `token` in the query. */
export const SUBSCRIBE_CONFIRM_PAGE_PATH = '/newsletter/subscribed';

/** The token of a confirmation link: when it stops working (minutes since 1970) and the signature. */
export const subscribeToken = z
  .string()
  .max(128)
  .regex(/^\d{1,12}\.[A-Za-z0-9_-]+$/, { error: 'must be the token from a confirmation link' })
  .meta({ example: '29544000.9yQ2b3h1' });

/**
 * Signed in, the account's address is subscribed (`email` is ignored). Signed out, `email` is sent a link to
 * confirm; with the link's `token` as well, the address is subscribed.
 */
export const subscribeBody = z
  .strictObject({ email: email.optional(), token: subscribeToken.optional() })
  .nullish();
export type SubscribeBody = z.infer<typeof subscribeBody>;

/** Where a newsletter's one-click unsubscribe link points: the store's page, with `email` and `token` in the query. */
export const UNSUBSCRIBE_PAGE_PATH = '/newsletter/unsubscribe';

/** The signature in an unsubscribe link (base64url). */
export const unsubscribeToken = z
  .string()
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'must be the token from an unsubscribe link' });

/**
 * With a `token`, the link's address is unsubscribed if the token signs it. Without, the signed-in customer's own
 * address is; signed out, nothing is.
 */
export const unsubscribeBody = z
  .strictObject({ email: email.optional(), token: unsubscribeToken.optional() })
  .nullish();
export type UnsubscribeBody = z.infer<typeof unsubscribeBody>;

/**
 * What a mail program's one-click unsubscribe (RFC 8058) sends in the `List-Unsubscribe` URL's query: the address
 * and its signature (`sig`, the same value as the page link's `token`).
 */
export const oneClickUnsubscribeQuery = z.strictObject({ email, sig: unsubscribeToken });
export type OneClickUnsubscribeQuery = z.infer<typeof oneClickUnsubscribeQuery>;
/** RFC 8058's form body, which says nothing more (the address is in the query); none at all is taken too. */
export const oneClickUnsubscribeForm = z.literal('List-Unsubscribe=One-Click').nullish();

export const subscribeResult = z.object({ subscribed: z.boolean() });
export type SubscribeResult = z.infer<typeof subscribeResult>;

/** `POST front-subscribe`: subscribed now, or (signed out, without a token) a link to confirm was sent. */
export const subscribeAnswer = subscribeResult.extend({ confirmationSent: z.boolean() });
export type SubscribeAnswer = z.infer<typeof subscribeAnswer>;

export const newsletterInfo = z.object({
  email: z.string().max(254),
  subscribed: z.boolean(),
  subscribedAt: isoDateTime.nullable(),
  unsubscribedAt: isoDateTime.nullable(),
});
export type NewsletterInfo = z.infer<typeof newsletterInfo>;

export const frontSuccess = z.object({
  title: z.string().max(200),
  message: z.string().max(2000),
  couponCode: z.string().max(40).nullable(),
});
export type FrontSuccess = z.infer<typeof frontSuccess>;
