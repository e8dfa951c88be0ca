import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  address,
  addressBody,
  addressDeleteParams,
  addressIdBody,
  addressIdParams,
  addressList,
  cartAddress,
} from '@storefront/contract/address';
import { ok as okData } from '@storefront/contract/common';
import { authOf } from '../../plugins/auth.js';
import { bearer, ok, replies } from '../../lib/reply.js';
import type { AddressService } from './address.service.js';

export const addressRoutes: FastifyPluginAsyncZod<{ addresses: AddressService }> = async (
  app,
  { addresses },
) => {
  const tags = ['addresses'];
  app.addHook('onRequest', app.requireAuth);

  app.get(
    '/address/list',
    { schema: { tags, security: bearer, response: replies(addressList) } },
    async (req) => ok(await addresses.list(authOf(req).customerId)),
  );

  app.post(
    '/address/add',
    { schema: { tags, security: bearer, body: addressBody, response: replies(address) } },
    async (req) => ok(await addresses.add(authOf(req).customerId, req.body)),
  );

  app.put(
    '/address/:addressID',
    {
      schema: {
        tags,
        security: bearer,
        params: addressIdParams,
        body: addressBody,
        response: replies(address),
      },
    },
    async (req) => ok(await addresses.edit(authOf(req).customerId, req.params.addressID, req.body)),
  );

  app.delete(
    '/address/:id',
    { schema: { tags, security: bearer, params: addressDeleteParams, response: replies(okData) } },
    async (req) => {
      await addresses.remove(authOf(req).customerId, req.params.id);
      return ok(null);
    },
  );

  app.post(
    '/address/set-default',
    { schema: { tags, security: bearer, body: addressIdBody, response: replies(address) } },
    async (req) => ok(await addresses.setDefaultShipping(authOf(req).customerId, req.body.addressID)),
  );

  app.post(
    '/address/set-billing',
    { schema: { tags, security: bearer, body: addressIdBody, response: replies(address) } },
    async (req) => ok(await addresses.setDefaultBilling(authOf(req).customerId, req.body.addressID)),
  );

  app.post(
    '/address/change',
    { schema: { tags, security: bearer, body: addressIdBody, response: replies(cartAddress) } },
    async (req) => ok(await addresses.chooseForCart(authOf(req).customerId, req.body.addressID)),
  );
};
