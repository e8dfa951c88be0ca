import type {
  FrontSubscribeState,
  FrontSuccess,
  NewsletterInfo,
  SubscribeResult,
} from '@storefront/contract/newsletter';
import { callApi } from '../../lib/http/client';

export function retrieveSubscribeState(): Promise<FrontSubscribeState> {
  return callApi<FrontSubscribeState>({ method: 'GET', url: '/api/v1/newsletters/front-subscribe' });
}

/** Signed in, the account's email is subscribed and `email` is ignored by the server. */
export function subscribeNewsletter(email?: string): Promise<SubscribeResult> {
  return callApi<SubscribeResult>({
    method: 'POST',
    url: '/api/v1/newsletters/front-subscribe',
    data: email ? { email } : {},
  });
}

export function unsubscribeNewsletter(): Promise<SubscribeResult> {
  return callApi<SubscribeResult>({ method: 'POST', url: '/api/v1/newsletters/front-unsubscribe', data: {} });
}

export function retrieveNewsletterInfo(): Promise<NewsletterInfo> {
  return callApi<NewsletterInfo>({ method: 'GET', url: '/api/v1/newsletters/info' });
}

export function retrieveSubscribeSuccess(): Promise<FrontSuccess> {
  return callApi<FrontSuccess>({ method: 'GET', url: '/api/v1/newsletters/front-success' });
}
