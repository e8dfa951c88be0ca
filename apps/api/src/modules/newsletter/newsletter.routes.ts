import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyBody } from '@storefront/contract/common';
import {
  frontSubscribeState,
  frontSuccess,
  newsletterInfo,
  subscribeBody,
  subscribeResult,
  unsubscribeBody,
} from '@storefront/contract/newsletter';
import { authOf } from '../../plugins/auth.js';
import { bearer, ok, replies } from '../../lib/reply.js';
import type { NewsletterService } from './newsletter.service.js';

export const newsletterRoutes: FastifyPluginAsyncZod<{ newsletter: NewsletterService }> = async (
  app,
  { newsletter },
) => {
  const tags = ['newsletter'];

  app.get(
    '/newsletters/front-subscribe',
    { onRequest: app.optionalAuth, schema: { tags, response: replies(frontSubscribeState) } },
    async (req) => ok(await newsletter.frontState(req.auth?.customerId ?? null)),
  );

  app.post(
    '/newsletters/front-subscribe',
    {
      onRequest: app.optionalAuth,
      schema: { tags, body: subscribeBody, response: replies(subscribeResult) },
    },
    async (req) => ok(await newsletter.subscribe(req.auth?.customerId ?? null, req.body?.email)),
  );

  app.post(
    '/newsletters/front-unsubscribe',
    {
      onRequest: app.optionalAuth,
      schema: { tags, body: unsubscribeBody, response: replies(subscribeResult) },
    },
    async (req) => ok(await newsletter.unsubscribe(req.auth?.customerId ?? null, req.body)),
  );

  app.get('/newsletters/front-success', { schema: { tags, response: replies(frontSuccess) } }, async () =>
    ok(newsletter.success()),
  );

  app.get(
    '/newsletters/info',
    { onRequest: app.requireAuth, schema: { tags, security: bearer, response: replies(newsletterInfo) } },
    async (req) => ok(await newsletter.info(authOf(req).customerId)),
  );

  app.post(
    '/newsletters/check-subscribe',
    {
      onRequest: app.requireAuth,
      schema: { tags, security: bearer, body: emptyBody, response: replies(subscribeResult) },
    },
    async (req) => ok(await newsletter.check(authOf(req).customerId)),
  );
};
