import {
  MAX_ADDRESSES,
  type Address,
  type AddressBody,
  type AddressList,
} from '@storefront/contract/address';
import { orderAddress, type OrderAddress } from '@storefront/contract/order';
import { POST_BOX_PATTERN } from '@storefront/contract/limits';
import type { AustralianState } from '@storefront/contract/suburb';
import { violatedConstraint, type Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { lockCustomer } from '../account/account.repo.js';
import { CART_ADDRESS_EXISTS, findCart, updateCart } from '../cart/cart.repo.js';
import { findSuburb } from '../suburb/suburb.repo.js';
import {
  clearDefault,
  countAddresses,
  deleteAddress,
  findAddress,
  insertAddress,
  listAddresses,
  newestOtherAddress,
  updateAddress,
  type AddressRow,
  type AddressValues,
} from './address.repo.js';

export function toAddress(row: AddressRow): Address {
  return {
    addressID: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    line1: row.line1,
    line2: row.line2,
    suburbID: row.suburbId,
    suburb: row.suburb,
    state: row.state as AustralianState,
    postcode: row.postcode,
    country: 'AU',
    isDefaultShipping: row.isDefaultShipping,
    isDefaultBilling: row.isDefaultBilling,
  };
}

/**
 * Groceries go to a door: an address that only Australia Post can deliver to (a PO Box, a locked bag, a parcel
 * locker) is refused as an order's delivery address. The address book refuses new ones; this catches those saved
 * before it did.
 */
export function refuseUnlessDoor(row: AddressRow): void {
  if (!isDoor(row)) throw new AppError('ADDRESS_NOT_A_DOOR');
}

/** Whether a driver can leave groceries there (`refuseUnlessDoor`). */
export function isDoor(row: AddressRow): boolean {
  return !POST_BOX_PATTERN.test(row.line1) && (row.line2 === null || !POST_BOX_PATTERN.test(row.line2));
}

/** The address as an order keeps it: a copy that later edits of the address book do not change. */
export function snapshotOf(row: AddressRow): OrderAddress {
  return orderAddress.parse(toAddress(row));
}

export function createAddressService(db: Db) {
  /** Postcode, suburb and state must name one real locality; its canonical spelling is what we keep. */
  async function resolve(body: AddressBody): Promise<AddressValues> {
    const place = await findSuburb(db, { postcode: body.postcode, locality: body.suburb, state: body.state });
    if (!place) throw new AppError('SUBURB_MISMATCH');
    return {
      firstName: body.firstName,
      lastName: body.lastName,
      phone: body.phone,
      line1: body.line1,
      line2: body.line2 || null,
      suburbId: place.id,
      suburb: place.locality,
      state: place.state,
      postcode: place.postcode,
      country: 'AU',
    };
  }

  async function owned(customerId: number, id: number): Promise<AddressRow> {
    const row = await findAddress(db, customerId, id);
    if (!row) throw new AppError('NOT_FOUND', 'No such address.');
    return row;
  }

  async function setDefault(customerId: number, id: number, kind: 'shipping' | 'billing'): Promise<Address> {
    return db.transaction(async (tx) => {
      // The customer row lock serialises address-book changes, so exactly one default of each kind survives.
      await lockCustomer(tx, customerId);
      if (!(await findAddress(tx, customerId, id))) throw new AppError('NOT_FOUND', 'No such address.');
      await clearDefault(tx, customerId, kind);
      const row = await updateAddress(
        tx,
        customerId,
        id,
        kind === 'shipping' ? { isDefaultShipping: true } : { isDefaultBilling: true },
      );
      if (!row) throw new AppError('NOT_FOUND', 'No such address.');
      return toAddress(row);
    });
  }

  return {
    async list(customerId: number): Promise<AddressList> {
      const [rows, cart] = await Promise.all([listAddresses(db, customerId), findCart(db, customerId)]);
      return { list: rows.map(toAddress), cartAddressID: cart?.addressId ?? null };
    },

    async add(customerId: number, body: AddressBody): Promise<Address> {
      const values = await resolve(body);
      return db.transaction(async (tx) => {
        // Under the customer row lock, so parallel adds respect the cap and only the first becomes the default.
        await lockCustomer(tx, customerId);
        const existing = await countAddresses(tx, customerId);
        if (existing >= MAX_ADDRESSES) throw new AppError('ADDRESS_LIMIT');
        const first = existing === 0;
        return toAddress(
          await insertAddress(tx, customerId, {
            ...values,
            isDefaultShipping: first,
            isDefaultBilling: first,
          }),
        );
      });
    },

    async edit(customerId: number, id: number, body: AddressBody): Promise<Address> {
      await owned(customerId, id);
      const row = await updateAddress(db, customerId, id, await resolve(body));
      if (!row) throw new AppError('NOT_FOUND', 'No such address.');
      return toAddress(row);
    },

    async remove(customerId: number, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        // Under the customer row lock, so parallel deletes cannot both hand a default to an address being deleted.
        await lockCustomer(tx, customerId);
        const removed = await deleteAddress(tx, customerId, id);
        if (!removed) throw new AppError('NOT_FOUND', 'No such address.');
        if (!removed.isDefaultShipping && !removed.isDefaultBilling) return;
        const heir = await newestOtherAddress(tx, customerId, id);
        if (!heir) return;
        await updateAddress(tx, customerId, heir.id, {
          ...(removed.isDefaultShipping ? { isDefaultShipping: true } : {}),
          ...(removed.isDefaultBilling ? { isDefaultBilling: true } : {}),
        });
      });
    },

    setDefaultShipping: (customerId: number, id: number) => setDefault(customerId, id, 'shipping'),
    setDefaultBilling: (customerId: number, id: number) => setDefault(customerId, id, 'billing'),

    async chooseForCart(customerId: number, id: number): Promise<{ cartAddressID: number }> {
      await owned(customerId, id);
      await updateCart(db, customerId, { addressId: id }).catch((err: unknown) => {
        // Deleted between the check and the write (a delete in another tab): as missing as if it came first.
        if (violatedConstraint(err) === CART_ADDRESS_EXISTS)
          throw new AppError('NOT_FOUND', 'No such address.');
        throw err;
      });
      return { cartAddressID: id };
    },
  };
}

export type AddressService = ReturnType<typeof createAddressService>;
