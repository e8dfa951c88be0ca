import type {
  FrontSubscribeState,
  FrontSuccess,
  NewsletterInfo,
  SubscribeAnswer,
  SubscribeResult,
  UnsubscribeBody,
} from '@storefront/contract/newsletter';
import { callApi } from '../../lib/http/client';

/** What a newsletter's unsubscribe link carries. */
export type UnsubscribeLink = Required<NonNullable<UnsubscribeBody>>;

export function retrieveSubscribeState(): Promise<FrontSubscribeState> {
  return callApi<FrontSubscribeState>({ method: 'GET', url: '/api/v1/newsletters/front-subscribe' });
}

/**
 * Signed in, the account's email is subscribed and `email` is ignored by the server; signed out, `email` is sent a
 * link to confirm (`confirmationSent`).
 */
export function subscribeNewsletter(email?: string): Promise<SubscribeAnswer> {
  return callApi<SubscribeAnswer>({
    method: 'POST',
    url: '/api/v1/newsletters/front-subscribe',
    data: email ? { email } : {},
  });
}

/** A confirmation link's address and token: subscribes the address. */
export function confirmSubscription(link: { email: string; token: string }): Promise<SubscribeAnswer> {
  return callApi<SubscribeAnswer>({
    method: 'POST',
    url: '/api/v1/newsletters/front-subscribe',
    data: link,
  });
}

export function unsubscribeNewsletter(): Promise<SubscribeResult> {
  return callApi<SubscribeResult>({ method: 'POST', url: '/api/v1/newsletters/front-unsubscribe', data: {} });
}

/** The address of a newsletter's unsubscribe link, proven by the link's token; no session needed. */
export function unsubscribeByLink(link: UnsubscribeLink): Promise<SubscribeResult> {
  return callApi<SubscribeResult>({
    method: 'POST',
    url: '/api/v1/newsletters/front-unsubscribe',
    data: { email: link.email, token: link.token },
  });
}

/** Whether the signed-in account gets the newsletter now (`check-subscribe`). */
export function checkSubscribed(): Promise<SubscribeResult> {
  return callApi<SubscribeResult>({ method: 'POST', url: '/api/v1/newsletters/check-subscribe', data: {} });
}

export function retrieveNewsletterInfo(): Promise<NewsletterInfo> {
  return callApi<NewsletterInfo>({ method: 'GET', url: '/api/v1/newsletters/info' });
}

export function retrieveSubscribeSuccess(): Promise<FrontSuccess> {
  return callApi<FrontSuccess>({ method: 'GET', url: '/api/v1/newsletters/front-success' });
}
