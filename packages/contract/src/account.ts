import { z } from 'zod';
import { email, isoDateTime, postcode, text } from './common.js';
import { AU_PHONE_PATTERN, normalisePhone, STORE_TIME_ZONE } from './limits.js';

const name = text(50).min(1, { error: 'is required' });
/**
 * Many people have one name only: it goes in firstName and the last name is left empty ('' when not sent). The spec
 * names the field, not a value in it.
 */
const lastName = text(50);
/** A password as chosen: at registration, on change and on reset. */
export const password = text(128, { trim: false, secret: true }).min(8, {
  error: 'must be at least 8 characters',
});
/** Names as stored: up to 50 typed, or a Google account's email local part. */
const storedName = z.string().max(254);

/**
 * The home suburb is optional and given as a pair that must name a row of the suburb table; without it the account
 * starts at the default postcode (2000, Sydney) until the customer sets it.
 */
export const registerBody = z
  .strictObject({
    email,
    password,
    firstName: name,
    lastName: lastName.default(''),
    postCode: postcode.optional(),
    suburb: text(60).min(1).optional(),
  })
  .refine((b) => (b.postCode === undefined) === (b.suburb === undefined), {
    error: 'postCode and suburb must be given together',
    path: ['suburb'],
  });
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.strictObject({
  email,
  password: text(128, { trim: false, secret: true }).min(1, { error: 'is required' }),
});
export type LoginBody = z.infer<typeof loginBody>;

export const googleAuthBody = z.strictObject({ idToken: text(4096, { trim: false }).min(1) });
export type GoogleAuthBody = z.infer<typeof googleAuthBody>;

/** The user info of spec section 3, kept by the browser in a cookie and in its store. */
export const userInfo = z.object({
  customerID: z.number().int(),
  email: z.string().max(254),
  firstName: storedName,
  lastName: storedName,
  postCode: z.string().max(4),
  suburb: z.string().max(60),
  /**
   * Set while a mail server refuses `email` outright (SMTP 5xx to the recipient: no such mailbox), with what it said:
   * the customer is asked to correct the address. Null once a mail to it is delivered or the address changes.
   */
  emailRefused: z.object({ at: isoDateTime, reason: z.string().max(200) }).nullable(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const loginMethod = z.enum(['password', 'google']);
export type LoginMethod = z.infer<typeof loginMethod>;

export const customerInfo = userInfo.extend({
  phone: z.string().max(12).nullable(),
  birthday: z.string().max(10).nullable(),
  createdAt: isoDateTime,
  loginMethod,
});
export type CustomerInfo = z.infer<typeof customerInfo>;

export const customerStatus = z.object({
  customerID: z.number().int(),
  accountStatus: z.enum(['active', 'disabled']),
  /** Whether the customer opened a verification link mailed to their address (or Google vouched for it). */
  emailVerified: z.boolean(),
  sessionExpiresAt: isoDateTime,
  signedIn: z.literal(true),
});
export type CustomerStatus = z.infer<typeof customerStatus>;

export const auPhone = text(30)
  .transform(normalisePhone)
  .pipe(z.string().regex(AU_PHONE_PATTERN, { error: 'must be an Australian phone number' }))
  .meta({ example: '0412 345 678' });

const storeDay = new Intl.DateTimeFormat('en-CA', { timeZone: STORE_TIME_ZONE });

/** The same day of the year `years` before a `YYYY-MM-DD` day (29 February may name no day: it compares fine). */
const yearsBefore = (day: string, years: number) =>
  `${String(Number(day.slice(0, 4)) - years).padStart(4, '0')}${day.slice(4)}`;

// A birthday is a date: compared with the store's today as dates, it turns 13 on the day, whatever the hour.
export const birthday = z.iso
  .date({ error: 'must be a date (YYYY-MM-DD)' })
  .max(10)
  .refine(
    (d) => {
      const today = storeDay.format(new Date());
      return d <= yearsBefore(today, 13) && d >= yearsBefore(today, 120);
    },
    { error: 'must be a date between 13 and 120 years ago' },
  );

export const updateCustomerBody = z
  .strictObject({
    firstName: name,
    lastName,
    phone: auPhone.nullable(),
    birthday: birthday.nullable(),
    postCode: postcode,
    suburb: text(60).min(1),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, { error: 'must change at least one field' })
  .refine((b) => (b.postCode === undefined) === (b.suburb === undefined), {
    error: 'postCode and suburb must be changed together',
    path: ['suburb'],
  });
export type UpdateCustomerBody = z.infer<typeof updateCustomerBody>;

export const updatePasswordBody = z.strictObject({
  oldPassword: text(128, { trim: false, secret: true }).min(1, { error: 'is required' }),
  newPassword: password,
});
export type UpdatePasswordBody = z.infer<typeof updatePasswordBody>;

export const loginEvent = z.object({
  at: isoDateTime,
  method: z.enum(['password', 'google', 'register']),
  ip: z.string().max(64),
  userAgent: z.string().max(300),
});
export type LoginEvent = z.infer<typeof loginEvent>;

export const loginDetail = z.object({
  loginMethod,
  hasPassword: z.boolean(),
  hasGoogle: z.boolean(),
  recent: z.array(loginEvent).max(20),
});
export type LoginDetail = z.infer<typeof loginDetail>;
