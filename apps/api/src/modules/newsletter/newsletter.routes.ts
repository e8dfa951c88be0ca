import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyBody } from '@storefront/contract/common';
import {
  frontSubscribeState,
  frontSuccess,
  newsletterInfo,
  oneClickUnsubscribeForm,
  oneClickUnsubscribeQuery,
  subscribeAnswer,
  subscribeBody,
  subscribeResult,
  unsubscribeBody,
} from '@storefront/contract/newsletter';
import { customerIdOf } from '../../plugins/auth.js';
import { clientIp, ok, routeOptions } from '../../lib/reply.js';
import type { NewsletterService } from './newsletter.service.js';

/** Each route as the OpenAPI document describes it: its operationId and what it does (lib/reply.ts). */
const routeDocs = {
  getNewsletterOffer:
    "The newsletter's sign-up offer and, signed in, whether the account's address is subscribed.",
  subscribeToNewsletter:
    "Signed in, subscribes the account's address. Signed out, mails the given address a link to confirm, and subscribes it when the link's token comes back. Refused without an address signed out, or with a confirmation token that is not valid.",
  unsubscribeFromNewsletter:
    "With a mailed link's token, unsubscribes the link's address; without one, the signed-in customer's. Answers the same whether or not the address was subscribed; refused for a link that is not valid.",
  unsubscribeFromNewsletterInOneClick:
    "A mail program's one-click unsubscribe (RFC 8058): a form POST to the newsletter's List-Unsubscribe URL, with the signed address in the query.",
  getNewsletterWelcome:
    'What the page shows after subscribing: a title, a message and the welcome coupon code.',
  getNewsletterSubscription: "Whether the account's address is subscribed, and since when.",
  checkNewsletterSubscription: "Whether the account's address is subscribed.",
};

export const newsletterRoutes: FastifyPluginAsyncZod<{ newsletter: NewsletterService }> = async (
  app,
  { newsletter },
) => {
  const { open, optional, signedIn } = routeOptions(app, ['newsletter'], routeDocs);
  const customerOrNull = (req: FastifyRequest) => req.auth?.customerId ?? null;

  app.get(
    '/newsletters/front-subscribe',
    optional('getNewsletterOffer', {}, frontSubscribeState),
    async (req) => ok(await newsletter.frontState(customerOrNull(req))),
  );

  app.post(
    '/newsletters/front-subscribe',
    optional('subscribeToNewsletter', { body: subscribeBody }, subscribeAnswer),
    async (req) => ok(await newsletter.subscribe(customerOrNull(req), req.body, clientIp(req))),
  );

  app.post(
    '/newsletters/front-unsubscribe',
    optional('unsubscribeFromNewsletter', { body: unsubscribeBody }, subscribeResult),
    async (req) => ok(await newsletter.unsubscribe(customerOrNull(req), req.body)),
  );

  // A mail program's one-click unsubscribe: a form POST (body `List-Unsubscribe=One-Click`, which says nothing
  // more) to the URL in the newsletter's List-Unsubscribe header; the signed address is in the query.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, body, done) => done(null, body),
  );
  app.post(
    '/newsletters/one-click-unsubscribe',
    open(
      'unsubscribeFromNewsletterInOneClick',
      { querystring: oneClickUnsubscribeQuery, body: oneClickUnsubscribeForm },
      subscribeResult,
    ),
    async (req) => ok(await newsletter.unsubscribe(null, { email: req.query.email, token: req.query.sig })),
  );

  app.get('/newsletters/front-success', open('getNewsletterWelcome', {}, frontSuccess), async () =>
    ok(newsletter.success()),
  );

  app.get('/newsletters/info', signedIn('getNewsletterSubscription', {}, newsletterInfo), async (req) =>
    ok(await newsletter.info(customerIdOf(req))),
  );

  app.post(
    '/newsletters/check-subscribe',
    signedIn('checkNewsletterSubscription', { body: emptyBody }, subscribeResult),
    async (req) => ok(await newsletter.check(customerIdOf(req))),
  );
};
