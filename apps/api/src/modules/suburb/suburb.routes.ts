import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  suburb,
  suburbIdParams,
  suburbList,
  suburbSearchQuery,
  suburbStateQuery,
} from '@storefront/contract/suburb';
import { ok, replies } from '../../lib/reply.js';
import type { SuburbService } from './suburb.service.js';

/** Public look-ups of Australian localities, used by address forms and shipping estimates. */
export const suburbRoutes: FastifyPluginAsyncZod<{ suburbs: SuburbService }> = async (app, { suburbs }) => {
  const tags = ['suburbs'];

  app.get(
    '/address/suburb-state',
    { schema: { tags, querystring: suburbStateQuery, response: replies(suburbList) } },
    async (req) => ok(await suburbs.byPostcode(req.query.postcode)),
  );

  app.get(
    '/shipping/search/suburb',
    { schema: { tags, querystring: suburbSearchQuery, response: replies(suburbList) } },
    async (req) => ok(await suburbs.search(req.query.keyword, req.query.limit)),
  );

  app.get(
    '/shipping/search/suburbID/:id',
    { schema: { tags, params: suburbIdParams, response: replies(suburb) } },
    async (req) => ok(await suburbs.byId(req.params.id)),
  );
};
