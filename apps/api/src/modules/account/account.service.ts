import type { CustomerInfo, CustomerStatus, LoginDetail, UserInfo } from '@storefront/contract/account';
import type {
  GoogleAuthBody,
  LoginBody,
  RegisterBody,
  UpdateCustomerBody,
  UpdatePasswordBody,
} from '@storefront/contract/account';
import type { Db } from '../../db/client.js';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { Signer } from '../../lib/signing.js';
import { findSuburb } from '../suburb/suburb.repo.js';
import {
  findCustomerByEmail,
  findCustomerByGoogleSub,
  findCustomerById,
  insertCustomer,
  insertLoginEvent,
  recentLoginEvents,
  revokeOtherSessions,
  updateCustomer,
  type CustomerRow,
} from './account.repo.js';
import { createDeviceCookies, type DeviceCookie } from './device-cookie.js';
import type { GoogleIdentity } from './google.js';
import type { AuthContext, SessionService } from './session.service.js';
import { releaseHit, reserveHit, type Reservation } from './throttle.js';

/** Who is asking: the address and agent recorded with a sign-in, and the Cookie header that may name a device. */
export type ClientMeta = { ip: string; userAgent: string; cookies?: string };

export type AccountSettings = {
  scryptLogN: number;
  /** Sign-in, registration or Google attempts per IP address, whatever their outcome. */
  limitPerIp: number;
  /** Failed sign-ins per account and IP from untrusted clients; registrations per email; password changes. */
  limitPerAccount: number;
  /** Failed sign-ins per account from all untrusted clients together: the only lock-out, and trusted devices skip it. */
  limitUntrustedPerAccount: number;
  /** Failed sign-ins per trusted device (a browser holding a valid device cookie for the account). */
  limitPerDevice: number;
  limitWindowMs: number;
  now: () => Date;
};

export type SignedIn = { user: UserInfo; token: string; deviceCookie: DeviceCookie };

const RECENT_SIGN_INS = 20;

export function toUserInfo(c: CustomerRow): UserInfo {
  return {
    customerID: c.id,
    email: c.email,
    firstName: c.firstName,
    lastName: c.lastName,
    postCode: c.postCode,
    suburb: c.suburb,
  };
}

function toCustomerInfo(c: CustomerRow): CustomerInfo {
  return {
    ...toUserInfo(c),
    phone: c.phone,
    birthday: c.birthday,
    createdAt: c.createdAt.toISOString(),
    loginMethod: c.passwordHash ? 'password' : 'google',
  };
}

export function createAccountService(
  db: Db,
  sessions: SessionService,
  verifyGoogleIdToken: (idToken: string) => Promise<GoogleIdentity>,
  signer: Signer,
  settings: AccountSettings,
) {
  const deviceCookies = createDeviceCookies(signer);

  // Verifying against a real hash when the account is missing keeps response times from revealing which emails exist.
  // Made on first need, not at start: a hash at the production cost takes 128 MiB and a few hundred ms.
  let decoy: Promise<string> | undefined;
  const decoyHash = () => (decoy ??= hashPassword('decoy password', settings.scryptLogN));

  // Every limit reserves its attempt before the work it guards, so parallel attempts cannot all pass one check.
  const reserve = (key: string, limit: number) =>
    reserveHit(db, key, limit, settings.now(), settings.limitWindowMs);
  const release = (reservations: Reservation[]) =>
    Promise.all(reservations.map((r) => releaseHit(db, r.key, r.at, settings.limitWindowMs)));

  /**
   * A browser with this account's device cookie spends its own budget; any other client spends one per account
   * and IP, then the account-wide one for untrusted clients. So guessing from anywhere is slow, and exhausting
   * the untrusted budget still leaves the owner's browsers able to sign in.
   */
  async function reserveSignIn(email: string, customer: CustomerRow | undefined, meta: ClientMeta) {
    const device = customer ? deviceCookies.deviceOf(meta.cookies, customer.id) : null;
    if (customer && device) {
      return [await reserve(`login:device:${customer.id}:${device}`, settings.limitPerDevice)];
    }
    const fromThisIp = await reserve(`login:account-ip:${email}:${meta.ip}`, settings.limitPerAccount);
    const fromAnyIp = await reserve(`login:account:${email}`, settings.limitUntrustedPerAccount);
    return [fromThisIp, fromAnyIp];
  }

  async function signIn(
    customer: CustomerRow,
    method: 'password' | 'google' | 'register',
    meta: ClientMeta,
  ): Promise<SignedIn> {
    if (customer.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
    const { token } = await db.transaction(async (tx) => {
      await insertLoginEvent(tx, { customerId: customer.id, method, ip: meta.ip, userAgent: meta.userAgent });
      return sessions.issue(tx, customer.id);
    });
    return { user: toUserInfo(customer), token, deviceCookie: deviceCookies.issue(customer.id) };
  }

  async function requireCustomer(auth: AuthContext): Promise<CustomerRow> {
    const customer = await findCustomerById(db, auth.customerId);
    if (!customer) throw new AppError('NOT_SIGNED_IN');
    return customer;
  }

  return {
    async register(body: RegisterBody, meta: ClientMeta) {
      await reserve(`register:ip:${meta.ip}`, settings.limitPerIp);
      await reserve(`register:account:${body.email}`, settings.limitPerAccount);
      const passwordHash = await hashPassword(body.password, settings.scryptLogN);
      let customer: CustomerRow;
      try {
        customer = await insertCustomer(db, {
          email: body.email,
          passwordHash,
          firstName: body.firstName,
          lastName: body.lastName,
        });
      } catch (err) {
        if (pgErrorCode(err) === UNIQUE_VIOLATION) throw new AppError('EMAIL_TAKEN');
        throw err;
      }
      return signIn(customer, 'register', meta);
    },

    async login(body: LoginBody, meta: ClientMeta) {
      await reserve(`login:ip:${meta.ip}`, settings.limitPerIp);
      const customer = await findCustomerByEmail(db, body.email);
      const reservations = await reserveSignIn(body.email, customer, meta);
      const valid = await verifyPassword(body.password, customer?.passwordHash ?? (await decoyHash()));
      if (!customer || !customer.passwordHash || !valid) throw new AppError('WRONG_CREDENTIALS');
      // Only failures count against the account: the right password gives its reservations back.
      await release(reservations);
      return signIn(customer, 'password', meta);
    },

    async googleAuth(body: GoogleAuthBody, meta: ClientMeta) {
      await reserve(`google:ip:${meta.ip}`, settings.limitPerIp);
      const identity = await verifyGoogleIdToken(body.idToken);
      let customer = await findCustomerByGoogleSub(db, identity.sub);
      if (!customer) {
        const byEmail = await findCustomerByEmail(db, identity.email);
        if (byEmail) {
          // Only a Google-verified address may take over an account that already uses it.
          if (!identity.emailVerified) throw new AppError('EMAIL_TAKEN');
          customer = await updateCustomer(db, byEmail.id, { googleSub: identity.sub });
        } else {
          try {
            customer = await insertCustomer(db, {
              email: identity.email,
              googleSub: identity.sub,
              firstName: identity.firstName,
              lastName: identity.lastName,
            });
          } catch (err) {
            if (pgErrorCode(err) === UNIQUE_VIOLATION) throw new AppError('EMAIL_TAKEN');
            throw err;
          }
        }
      }
      if (!customer) throw new AppError('GOOGLE_TOKEN_INVALID');
      return signIn(customer, 'google', meta);
    },

    logout(auth: AuthContext) {
      return sessions.revoke(auth.sessionId);
    },

    async me(auth: AuthContext): Promise<UserInfo> {
      return toUserInfo(await requireCustomer(auth));
    },

    async info(auth: AuthContext): Promise<CustomerInfo> {
      return toCustomerInfo(await requireCustomer(auth));
    },

    async status(auth: AuthContext): Promise<CustomerStatus> {
      const customer = await requireCustomer(auth);
      return {
        customerID: customer.id,
        accountStatus: customer.status,
        sessionExpiresAt: auth.expiresAt.toISOString(),
        signedIn: true,
      };
    },

    async update(auth: AuthContext, body: UpdateCustomerBody): Promise<CustomerInfo> {
      const changes: Partial<CustomerRow> = { ...body };
      if (body.postCode !== undefined && body.suburb !== undefined) {
        const suburb = await findSuburb(db, { postcode: body.postCode, locality: body.suburb });
        if (!suburb) throw new AppError('UNKNOWN_POSTCODE');
        changes.suburb = suburb.locality;
      }
      const updated = await updateCustomer(db, auth.customerId, changes);
      if (!updated) throw new AppError('NOT_SIGNED_IN');
      return toCustomerInfo(updated);
    },

    async loginDetail(auth: AuthContext): Promise<LoginDetail> {
      const customer = await requireCustomer(auth);
      const events = await recentLoginEvents(db, customer.id, RECENT_SIGN_INS);
      return {
        loginMethod: customer.passwordHash ? 'password' : 'google',
        hasPassword: customer.passwordHash !== null,
        hasGoogle: customer.googleSub !== null,
        recent: events.map((e) => ({
          at: e.createdAt.toISOString(),
          method: e.method,
          ip: e.ip,
          userAgent: e.userAgent,
        })),
      };
    },

    async updatePassword(auth: AuthContext, body: UpdatePasswordBody): Promise<void> {
      const customer = await requireCustomer(auth);
      const reservation = await reserve(`password:account:${customer.id}`, settings.limitPerAccount);
      if (!customer.passwordHash || !(await verifyPassword(body.oldPassword, customer.passwordHash))) {
        throw new AppError('WRONG_PASSWORD');
      }
      await release([reservation]);
      if (body.oldPassword === body.newPassword) throw new AppError('PASSWORD_UNCHANGED');
      const passwordHash = await hashPassword(body.newPassword, settings.scryptLogN);
      await db.transaction(async (tx) => {
        await updateCustomer(tx, customer.id, { passwordHash });
        await revokeOtherSessions(tx, customer.id, auth.sessionId, settings.now());
      });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
