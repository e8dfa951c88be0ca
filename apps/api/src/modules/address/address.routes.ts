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

/** Each route as the OpenAPI document describes it: its operationId and what it does (lib/reply.ts). */
const routeDocs = {
  listAddresses: "The customer's address book, defaults first.",
  addAddress:
    'Adds an address to the address book. Refused when the book is full, the postcode, suburb and state do not match, or the address is not a door a driver can deliver to (a PO box, a parcel locker).',
  updateAddress:
    "Changes one of the customer's addresses, with addAddress's checks. Refused (404) for an address that is not theirs.",
  deleteAddress: "Deletes one of the customer's addresses. Refused (404) for an address that is not theirs.",
  setDefaultShippingAddress:
    "Makes an address the default for delivery. Refused (404) for an address that is not the customer's.",
  setDefaultBillingAddress:
    "Makes an address the default for billing. Refused (404) for an address that is not the customer's.",
  chooseCartAddress:
    "Chooses the address the cart is delivered to, which its shipping, delivery windows and zone rules follow. Refused (404) for an address that is not the customer's.",
};

export const addressRoutes: FastifyPluginAsyncZod<{ addresses: AddressService }> = async (
  app,
  { addresses },
) => {
  const { signedIn } = routeOptions(app, ['addresses'], routeDocs);

  app.get('/address/list', signedIn('listAddresses', {}, addressList), async (req) =>
    ok(await addresses.list(customerIdOf(req))),
  );

  app.post('/address/add', signedIn('addAddress', { body: addressBody }, address), async (req) =>
    ok(await addresses.add(customerIdOf(req), req.body)),
  );

  app.put(
    '/address/:addressID',
    signedIn('updateAddress', { params: addressIdParams, body: addressBody }, address),
    async (req) => ok(await addresses.edit(customerIdOf(req), req.params.addressID, req.body)),
  );

  app.delete(
    '/address/:addressID',
    signedIn('deleteAddress', { params: addressIdParams }, okData),
    async (req) => {
      await addresses.remove(customerIdOf(req), req.params.addressID);
      return ok(null);
    },
  );

  app.post(
    '/address/set-default',
    signedIn('setDefaultShippingAddress', { body: addressIdBody }, address),
    async (req) => ok(await addresses.setDefaultShipping(customerIdOf(req), req.body.addressID)),
  );

  app.post(
    '/address/set-billing',
    signedIn('setDefaultBillingAddress', { body: addressIdBody }, address),
    async (req) => ok(await addresses.setDefaultBilling(customerIdOf(req), req.body.addressID)),
  );

  app.post(
    '/address/change',
    signedIn('chooseCartAddress', { body: addressIdBody }, cartAddress),
    async (req) => ok(await addresses.chooseForCart(customerIdOf(req), req.body.addressID)),
  );
};
