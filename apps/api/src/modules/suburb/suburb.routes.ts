import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  suburb,
  suburbIdParams,
  suburbList,
  suburbSearchQuery,
  suburbStateQuery,
} from '@storefront/contract/suburb';
import { ok, routeOptions } from '../../lib/reply.js';
import type { SuburbService } from './suburb.service.js';

/** Public look-ups of Australian localities, used by address forms and shipping estimates. */
export const suburbRoutes: FastifyPluginAsyncZod<{ suburbs: SuburbService }> = async (app, { suburbs }) => {
  const { open } = routeOptions(app, ['suburbs']);

  app.get('/address/suburb-state', open({ querystring: suburbStateQuery }, suburbList), async (req) =>
    ok(await suburbs.byPostcode(req.query.postcode)),
  );

  app.get('/shipping/search/suburb', open({ querystring: suburbSearchQuery }, suburbList), async (req) =>
    ok(await suburbs.search(req.query.keyword, req.query.limit)),
  );

  app.get('/shipping/search/suburbID/:id', open({ params: suburbIdParams }, suburb), async (req) =>
    ok(await suburbs.byId(req.params.id)),
  );
};
