import { z } from 'zod';
import { email, isoDateTime } from './common.js';

export const newsletterOffer = z.object({
  title: z.string(),
  description: z.string(),
});

/** Logged out, `subscribed` is null: the offer only, nothing about anyone's address. */
export const frontSubscribeState = z.object({
  offer: newsletterOffer,
  subscribed: z.boolean().nullable(),
  email: z.string().nullable(),
});
export type FrontSubscribeState = z.infer<typeof frontSubscribeState>;

export const subscribeBody = z.strictObject({ email: email.optional() }).nullish();
export type SubscribeBody = z.infer<typeof subscribeBody>;

export const subscribeResult = z.object({ subscribed: z.boolean() });
export type SubscribeResult = z.infer<typeof subscribeResult>;

export const newsletterInfo = z.object({
  email: z.string(),
  subscribed: z.boolean(),
  subscribedAt: isoDateTime.nullable(),
  unsubscribedAt: isoDateTime.nullable(),
});
export type NewsletterInfo = z.infer<typeof newsletterInfo>;

export const frontSuccess = z.object({
  title: z.string(),
  message: z.string(),
  couponCode: z.string().nullable(),
});
export type FrontSuccess = z.infer<typeof frontSuccess>;
