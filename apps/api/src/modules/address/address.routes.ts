import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  address,
  addressBody,
  addressIdBody,
  addressIdParams,
  addressList,
  cartAddress,
} from '@storefront/contract/address';
import { ok as okData } from '@storefront/contract/common';
import { customerIdOf } from '../../plugins/auth.js';
import { ok, routeOptions } from '../../lib/reply.js';
import type { AddressService } from './address.service.js';

export const addressRoutes: FastifyPluginAsyncZod<{ addresses: AddressService }> = async (
  app,
  { addresses },
) => {
  const { signedIn } = routeOptions(app, ['addresses']);

  app.get('/address/list', signedIn({}, addressList), async (req) =>
    ok(await addresses.list(customerIdOf(req))),
  );

  app.post('/address/add', signedIn({ body: addressBody }, address), async (req) =>
    ok(await addresses.add(customerIdOf(req), req.body)),
  );

  app.put(
    '/address/:addressID',
    signedIn({ params: addressIdParams, body: addressBody }, address),
    async (req) => ok(await addresses.edit(customerIdOf(req), req.params.addressID, req.body)),
  );

  app.delete('/address/:addressID', signedIn({ params: addressIdParams }, okData), async (req) => {
    await addresses.remove(customerIdOf(req), req.params.addressID);
    return ok(null);
  });

  app.post('/address/set-default', signedIn({ body: addressIdBody }, address), async (req) =>
    ok(await addresses.setDefaultShipping(customerIdOf(req), req.body.addressID)),
  );

  app.post('/address/set-billing', signedIn({ body: addressIdBody }, address), async (req) =>
    ok(await addresses.setDefaultBilling(customerIdOf(req), req.body.addressID)),
  );

  app.post('/address/change', signedIn({ body: addressIdBody }, cartAddress), async (req) =>
    ok(await addresses.chooseForCart(customerIdOf(req), req.body.addressID)),
  );
};
