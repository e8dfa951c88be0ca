import { z } from 'zod';
import { auPhone } from './account.js';
import { id, postcode } from './common.js';
import { australianState } from './suburb.js';

const text = (max: number) => z.string().trim().min(1, { error: 'is required' }).max(max);

export const addressBody = z.strictObject({
  firstName: text(50),
  lastName: text(50),
  phone: auPhone,
  line1: text(100),
  line2: z.string().trim().max(100).nullish(),
  suburb: text(60),
  state: australianState,
  postcode,
  country: z.literal('AU', { error: 'must be AU: we deliver within Australia only' }).optional(),
});
export type AddressBody = z.infer<typeof addressBody>;

export const address = z.object({
  addressID: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  suburbID: z.number().int(),
  suburb: z.string(),
  state: australianState,
  postcode: z.string(),
  country: z.literal('AU'),
  isDefaultShipping: z.boolean(),
  isDefaultBilling: z.boolean(),
});
export type Address = z.infer<typeof address>;

export const addressList = z.object({
  list: z.array(address),
  /** The address the current cart ships to (address/change), if one was chosen. */
  cartAddressID: z.number().int().nullable(),
});
export type AddressList = z.infer<typeof addressList>;

export const addressIdParams = z.strictObject({ addressID: id });
export const addressDeleteParams = z.strictObject({ id });
export const addressIdBody = z.strictObject({ addressID: id });
export type AddressIdBody = z.infer<typeof addressIdBody>;

export const cartAddress = z.object({ cartAddressID: z.number().int() });
export type CartAddress = z.infer<typeof cartAddress>;

import { MAX_ADDRESSES } from './limits.js';

export { MAX_ADDRESSES };
