import { z } from 'zod';
import { auPhone } from './account.js';
import { id, idParam, postcode, text } from './common.js';
import { MAX_ADDRESSES, POST_BOX_PATTERN } from './limits.js';
import { australianState } from './suburb.js';

const required = (max: number) => text(max).min(1, { error: 'is required' });
const NO_POST_BOX =
  'must be a street address: we deliver to the door, not to a PO Box, Locked Bag or parcel locker';
const notPostBox = (s: string | null | undefined) => !s || !POST_BOX_PATTERN.test(s);

export const addressBody = z.strictObject({
  firstName: required(50),
  /** Empty for a recipient with one name ('' when not sent). */
  lastName: text(50).default(''),
  phone: auPhone,
  line1: required(100).refine(notPostBox, { error: NO_POST_BOX }),
  line2: text(100).refine(notPostBox, { error: NO_POST_BOX }).nullish(),
  suburb: required(60),
  state: australianState,
  postcode,
  country: z.literal('AU', { error: 'must be AU: we deliver within Australia only' }).optional(),
});
export type AddressBody = z.infer<typeof addressBody>;

export const address = z.object({
  addressID: z.number().int(),
  firstName: z.string().max(50),
  lastName: z.string().max(50),
  phone: z.string().max(12),
  line1: z.string().max(100),
  line2: z.string().max(100).nullable(),
  suburbID: z.number().int(),
  suburb: z.string().max(60),
  state: australianState,
  postcode: z.string().max(4),
  country: z.literal('AU'),
  isDefaultShipping: z.boolean(),
  isDefaultBilling: z.boolean(),
});
export type Address = z.infer<typeof address>;

export const addressList = z.object({
  list: z.array(address).max(MAX_ADDRESSES),
  /** The address the current cart ships to (address/change), if one was chosen. */
  cartAddressID: z.number().int().nullable(),
});
export type AddressList = z.infer<typeof addressList>;

/** The spec writes `{addressID}` for PUT and `{id}` for DELETE; the name is not on the wire, so both use one. */
export const addressIdParams = z.strictObject({ addressID: idParam });
export const addressIdBody = z.strictObject({ addressID: id });
export type AddressIdBody = z.infer<typeof addressIdBody>;

export const cartAddress = z.object({ cartAddressID: z.number().int() });
export type CartAddress = z.infer<typeof cartAddress>;

export { MAX_ADDRESSES };
