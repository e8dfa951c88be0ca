import { z } from 'zod';
import { email, isoDateTime, postcode } from './common.js';
import { AU_PHONE_PATTERN, normalisePhone } from './limits.js';

const name = z.string().trim().min(1, { error: 'is required' }).max(50);
const password = z.string().min(8, { error: 'must be at least 8 characters' }).max(128);

export const registerBody = z.strictObject({ email, password, firstName: name, lastName: name });
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.strictObject({
  email,
  password: z.string().min(1, { error: 'is required' }).max(128),
});
export type LoginBody = z.infer<typeof loginBody>;

export const googleAuthBody = z.strictObject({ idToken: z.string().min(1).max(4096) });
export type GoogleAuthBody = z.infer<typeof googleAuthBody>;

/** The user info of spec section 3, kept by the browser in a cookie and in its store. */
export const userInfo = z.object({
  customerID: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  postCode: z.string(),
  suburb: z.string(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const loginMethod = z.enum(['password', 'google']);
export type LoginMethod = z.infer<typeof loginMethod>;

export const customerInfo = userInfo.extend({
  phone: z.string().nullable(),
  birthday: z.string().nullable(),
  createdAt: isoDateTime,
  loginMethod,
});
export type CustomerInfo = z.infer<typeof customerInfo>;

export const customerStatus = z.object({
  customerID: z.number().int(),
  accountStatus: z.enum(['active', 'disabled']),
  sessionExpiresAt: isoDateTime,
  signedIn: z.literal(true),
});
export type CustomerStatus = z.infer<typeof customerStatus>;

export const auPhone = z
  .string()
  .transform(normalisePhone)
  .pipe(z.string().regex(AU_PHONE_PATTERN, { error: 'must be an Australian phone number' }));

export const birthday = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' }).refine(
  (d) => {
    const age = (Date.now() - Date.parse(d)) / (365.25 * 24 * 3600 * 1000);
    return age >= 13 && age <= 120;
  },
  { error: 'must be a date between 13 and 120 years ago' },
);

export const updateCustomerBody = z
  .strictObject({
    firstName: name,
    lastName: name,
    phone: auPhone.nullable(),
    birthday: birthday.nullable(),
    postCode: postcode,
    suburb: z.string().trim().min(1).max(60),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, { error: 'must change at least one field' })
  .refine((b) => (b.postCode === undefined) === (b.suburb === undefined), {
    error: 'postCode and suburb must be changed together',
    path: ['suburb'],
  });
export type UpdateCustomerBody = z.infer<typeof updateCustomerBody>;

export const updatePasswordBody = z.strictObject({
  oldPassword: z.string().min(1, { error: 'is required' }).max(128),
  newPassword: password,
});
export type UpdatePasswordBody = z.infer<typeof updatePasswordBody>;

export const loginEvent = z.object({
  at: isoDateTime,
  method: z.enum(['password', 'google', 'register']),
  ip: z.string(),
  userAgent: z.string(),
});
export type LoginEvent = z.infer<typeof loginEvent>;

export const loginDetail = z.object({
  loginMethod,
  hasPassword: z.boolean(),
  hasGoogle: z.boolean(),
  recent: z.array(loginEvent),
});
export type LoginDetail = z.infer<typeof loginDetail>;
