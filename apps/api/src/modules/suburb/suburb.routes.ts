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

/** Each route as the OpenAPI document describes it: its operationId and what it does (lib/reply.ts). */
const routeDocs = {
  listSuburbsByPostcode: 'The suburbs (with their state) of a four-digit postcode, for address forms.',
  searchSuburbs:
    'Suburbs matching a keyword of a name, a postcode or both, best matches first: the delivery suburb autocomplete.',
  getSuburb: 'One suburb by id. Refused (404) for an unknown id.',
};

/** Public look-ups of Australian localities, used by address forms and shipping estimates. */
export const suburbRoutes: FastifyPluginAsyncZod<{ suburbs: SuburbService }> = async (app, { suburbs }) => {
  const { open } = routeOptions(app, ['suburbs'], routeDocs);

  app.get(
    '/address/suburb-state',
    open('listSuburbsByPostcode', { querystring: suburbStateQuery }, suburbList),
    async (req) => ok(await suburbs.byPostcode(req.query.postcode)),
  );

  app.get(
    '/shipping/search/suburb',
    open('searchSuburbs', { querystring: suburbSearchQuery }, suburbList),
    async (req) => ok(await suburbs.search(req.query.keyword, req.query.limit)),
  );

  app.get(
    '/shipping/search/suburbID/:id',
    open('getSuburb', { params: suburbIdParams }, suburb),
    async (req) => ok(await suburbs.byId(req.params.id)),
  );
};
