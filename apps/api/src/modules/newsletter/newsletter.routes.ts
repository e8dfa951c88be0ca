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

export const newsletterRoutes: FastifyPluginAsyncZod<{ newsletter: NewsletterService }> = async (
  app,
  { newsletter },
) => {
  const { open, optional, signedIn } = routeOptions(app, ['newsletter']);
  const customerOrNull = (req: FastifyRequest) => req.auth?.customerId ?? null;

  app.get('/newsletters/front-subscribe', optional({}, frontSubscribeState), async (req) =>
    ok(await newsletter.frontState(customerOrNull(req))),
  );

  app.post('/newsletters/front-subscribe', optional({ body: subscribeBody }, subscribeAnswer), async (req) =>
    ok(await newsletter.subscribe(customerOrNull(req), req.body, clientIp(req))),
  );

  app.post(
    '/newsletters/front-unsubscribe',
    optional({ body: unsubscribeBody }, subscribeResult),
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
    open({ querystring: oneClickUnsubscribeQuery, body: oneClickUnsubscribeForm }, subscribeResult),
    async (req) => ok(await newsletter.unsubscribe(null, { email: req.query.email, token: req.query.sig })),
  );

  app.get('/newsletters/front-success', open({}, frontSuccess), async () => ok(newsletter.success()));

  app.get('/newsletters/info', signedIn({}, newsletterInfo), async (req) =>
    ok(await newsletter.info(customerIdOf(req))),
  );

  app.post('/newsletters/check-subscribe', signedIn({ body: emptyBody }, subscribeResult), async (req) =>
    ok(await newsletter.check(customerIdOf(req))),
  );
};
