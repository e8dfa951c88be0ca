import { z } from 'zod';
import { idParam, isoDateTime, pageQueryFields, paged, searchText, text } from './common.js';
import { orderStatus } from './order.js';

/** The orders a customer's page lists, newest first. */
export const CUSTOMER_ORDERS_SHOWN = 50;

export const customerAccountStatus = z.enum(['active', 'disabled']);
export type CustomerAccountStatus = z.infer<typeof customerAccountStatus>;

export const staffCustomerListQuery = z.strictObject({
  /** Part of the email or name, or an order number (5 or SO-5) whose customer is wanted. */
  q: searchText(100).optional(),
  ...pageQueryFields(20),
});
export type StaffCustomerListQuery = Partial<z.output<typeof staffCustomerListQuery>>;
export type StaffCustomerListParams = z.output<typeof staffCustomerListQuery>;

export const staffCustomerSummary = z.object({
  customerID: z.number().int(),
  name: z.string().max(510),
  email: z.string().max(254),
  status: customerAccountStatus,
  emailVerified: z.boolean(),
  createdAt: isoDateTime,
  orderCount: z.number().int(),
  lastOrderAt: isoDateTime.nullable(),
});
export type StaffCustomerSummary = z.infer<typeof staffCustomerSummary>;
export const staffCustomerList = paged(staffCustomerSummary);
export type StaffCustomerList = z.infer<typeof staffCustomerList>;

export const staffCustomerParams = z.strictObject({ customerID: idParam });

export const staffCustomerOrder = z.object({
  orderID: z.number().int(),
  /** As the customer quotes it: SO-5. */
  reference: z.string().max(20),
  createdAt: isoDateTime,
  status: orderStatus,
  total: z.number().int(),
});
export type StaffCustomerOrder = z.infer<typeof staffCustomerOrder>;

/** A customer as support sees them: who, the account's state, credit, and their latest orders. No secrets. */
export const staffCustomerDetail = z.object({
  customer: z.object({
    customerID: z.number().int(),
    email: z.string().max(254),
    firstName: z.string().max(254),
    lastName: z.string().max(254),
    name: z.string().max(510),
    phone: z.string().max(20).nullable(),
    postCode: z.string().max(4),
    suburb: z.string().max(60),
    status: customerAccountStatus,
    emailVerified: z.boolean(),
    createdAt: isoDateTime,
    /** How the customer can sign in: with a password, with Google, or both. */
    hasPassword: z.boolean(),
    hasGoogle: z.boolean(),
    lastSignInAt: isoDateTime.nullable(),
    /** Store credit the customer may spend (cents). */
    creditBalance: z.number().int(),
  }),
  /** Why and by whom the account was disabled, while it is. */
  disabled: z
    .object({ at: isoDateTime, reason: z.string().max(200), staffName: z.string().max(80) })
    .nullable(),
  orderCount: z.number().int(),
  orders: z.array(staffCustomerOrder).max(CUSTOMER_ORDERS_SHOWN),
});
export type StaffCustomerDetail = z.infer<typeof staffCustomerDetail>;

export const disableCustomerBody = z.strictObject({
  /** Kept in the audit log and shown on the customer's page. */
  reason: text(200).min(1, { error: 'is required' }),
});
export type DisableCustomerBody = z.infer<typeof disableCustomerBody>;

/** A mail was written to the customer's address (sent by the mail worker). */
export const customerMailSent = z.object({ email: z.string().max(254) });
export type CustomerMailSent = z.infer<typeof customerMailSent>;
