import type { CustomerInfo, CustomerStatus, LoginDetail, UserInfo } from '@storefront/contract/account';
import type {
  GoogleAuthBody,
  LoginBody,
  RegisterBody,
  UpdateCustomerBody,
  UpdatePasswordBody,
} from '@storefront/contract/account';
import type { Db, Executor } from '../../db/client.js';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { Signer } from '../../lib/signing.js';
import { insertMail } from '../mail/outbox.repo.js';
import { passwordChangedMail } from '../password-reset/password-reset.mails.js';
import { findSuburb } from '../suburb/suburb.repo.js';
import {
  findCustomerByEmail,
  findCustomerByGoogleSub,
  findCustomerById,
  insertCustomer,
  insertLoginEvent,
  recentLoginEvents,
  replacePasswordHash,
  revokeAllSessions,
  revokeOtherSessions,
  updateCustomer,
  type CustomerRow,
} from './account.repo.js';
import { endAccountTokens } from './account-token.repo.js';
import { createDeviceCookies, type DeviceCookie } from './device-cookie.js';
import { emailRefusalOf } from './email-refusal.js';
import type { Throttle } from '../throttle/throttle.service.js';
import type { GoogleIdentity } from './google.js';
import type { SessionService } from './session.service.js';

/** Who is asking: the address and agent recorded with a sign-in, and the Cookie header that may name a device. */
export type ClientMeta = { ip: string; userAgent: string; cookies?: string };

export type AccountSettings = {
  scryptLogN: number;
  now: () => Date;
  /** Runs in the registration's transaction: the address verification mail is written there (email-verification). */
  onRegistered?: (tx: Executor, customer: CustomerRow) => Promise<void>;
};

export type SignedIn = { user: UserInfo; token: string; deviceCookie: DeviceCookie };

const RECENT_SIGN_INS = 20;

/** Said to a client the account's sign-in limits refuse: known or not, the address is answered alike. */
const AFTER_LOCK_OUT = 'Or reset your password: the browser you reset it in can sign in straight away.';

export function toUserInfo(c: CustomerRow): UserInfo {
  return {
    customerID: c.id,
    email: c.email,
    firstName: c.firstName,
    lastName: c.lastName,
    postCode: c.postCode,
    suburb: c.suburb,
    emailRefused: emailRefusalOf(c),
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
  throttle: Throttle,
  settings: AccountSettings,
) {
  const deviceCookies = createDeviceCookies(signer);

  // Verifying against a real hash when the account is missing keeps response times from revealing which emails exist.
  // Made on first need, not at start: a hash at the production cost takes 128 MiB and a few hundred ms.
  let decoy: Promise<string> | undefined;
  const decoyHash = () => (decoy ??= hashPassword('decoy password', settings.scryptLogN));

  /**
   * A browser with this account's device cookie spends its own budget; any other client spends one per account
   * and IP, then the account-wide one for untrusted clients. So guessing from anywhere is slow, and exhausting
   * the untrusted budget still leaves the owner's browsers able to sign in.
   */
  async function reserveSignIn(email: string, customer: CustomerRow | undefined, meta: ClientMeta) {
    const device = customer ? deviceCookies.deviceOf(meta.cookies, customer.id) : null;
    if (customer && device) {
      return [await throttle.reserve('perDevice', `login:device:${customer.id}:${device}`)];
    }
    const fromThisIp = await throttle.reserve('perAccount', `login:account-ip:${email}:${meta.ip}`);
    const fromAnyIp = await throttle.reserve('untrustedPerAccount', `login:account:${email}`);
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

  /**
   * Links a Google identity, whose address Google has proved, to the account using that address. An account that
   * never proved its address is the address owner's from now on: the password it was registered with and every
   * session end, or anyone could register a stranger's address first and keep a way into the account its owner
   * later fills. Its owner can choose a password with a reset link.
   */
  async function linkGoogle(existing: CustomerRow, googleSub: string): Promise<CustomerRow | undefined> {
    if (existing.emailVerifiedAt) return updateCustomer(db, existing.id, { googleSub });
    const linked = await db.transaction(async (tx) => {
      const at = settings.now();
      await revokeAllSessions(tx, existing.id, at);
      return updateCustomer(tx, existing.id, { googleSub, passwordHash: null, emailVerifiedAt: at });
    });
    sessions.forgetCustomer(existing.id);
    return linked;
  }

  async function requireCustomer(customerId: number): Promise<CustomerRow> {
    const customer = await findCustomerById(db, customerId);
    if (!customer) throw new AppError('NOT_SIGNED_IN');
    return customer;
  }

  /** A home suburb must be a row of the suburb table; answered as stored (the table's spelling). */
  async function findHomeSuburb(postCode: string, locality: string) {
    const suburb = await findSuburb(db, { postcode: postCode, locality });
    if (!suburb) throw new AppError('UNKNOWN_POSTCODE');
    return { postCode, suburb: suburb.locality };
  }

  return {
    async register(body: RegisterBody, meta: ClientMeta) {
      await throttle.reserve('perIp', `register:ip:${meta.ip}`);
      await throttle.reserve('perAccount', `register:account:${body.email}`);
      const home = body.postCode && body.suburb ? await findHomeSuburb(body.postCode, body.suburb) : {};
      const passwordHash = await hashPassword(body.password, settings.scryptLogN);
      let customer: CustomerRow;
      try {
        customer = await db.transaction(async (tx) => {
          const created = await insertCustomer(tx, {
            email: body.email,
            passwordHash,
            firstName: body.firstName,
            lastName: body.lastName,
            ...home,
          });
          await settings.onRegistered?.(tx, created);
          return created;
        });
      } catch (err) {
        if (pgErrorCode(err) === UNIQUE_VIOLATION) throw new AppError('EMAIL_TAKEN');
        throw err;
      }
      return signIn(customer, 'register', meta);
    },

    async login(body: LoginBody, meta: ClientMeta) {
      const customer = await findCustomerByEmail(db, body.email);
      // A browser holding the account's device cookie spends only its own budget: a brute force from the owner's
      // own address (a shared network) must not lock the owner out of a browser they used before.
      if (!customer || !deviceCookies.deviceOf(meta.cookies, customer.id))
        await throttle.reserve('perIp', `login:ip:${meta.ip}`);
      const reservations = await reserveSignIn(body.email, customer, meta).catch((err: unknown) => {
        // The account's lock-out is the one a reset ends for the customer (password-reset gives a device cookie).
        if (err instanceof AppError && err.name === 'RATE_LIMITED') {
          throw new AppError('RATE_LIMITED', `${err.message} ${AFTER_LOCK_OUT}`, {
            retryAfterSeconds: err.retryAfterSeconds,
          });
        }
        throw err;
      });
      const valid = await verifyPassword(body.password, customer?.passwordHash ?? (await decoyHash()));
      if (!customer || !customer.passwordHash || !valid) throw new AppError('WRONG_CREDENTIALS');
      // Only failures count against the account: the right password gives its reservations back.
      await throttle.release(reservations);
      return signIn(customer, 'password', meta);
    },

    async googleAuth(body: GoogleAuthBody, meta: ClientMeta) {
      await throttle.reserve('perIp', `google:ip:${meta.ip}`);
      const identity = await verifyGoogleIdToken(body.idToken);
      let customer = await findCustomerByGoogleSub(db, identity.sub);
      if (!customer) {
        // Found or made by its address, which must pass register's rule; an account already linked needs none.
        if (identity.emailLocalPartNotAscii) throw new AppError('GOOGLE_EMAIL_REFUSED');
        const byEmail = await findCustomerByEmail(db, identity.email);
        if (byEmail) {
          // Only a Google-verified address may take over an account that already uses it, and that proves it.
          if (!identity.emailVerified) throw new AppError('EMAIL_TAKEN');
          // A disabled account is refused as it stands: linking would change it (its password goes) first.
          if (byEmail.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
          customer = await linkGoogle(byEmail, identity.sub);
        } else {
          // An account is made only for an address Google has proved: one it has not could be anyone's.
          if (!identity.emailVerified) throw new AppError('GOOGLE_EMAIL_UNVERIFIED');
          try {
            customer = await insertCustomer(db, {
              email: identity.email,
              googleSub: identity.sub,
              firstName: identity.firstName,
              lastName: identity.lastName,
              emailVerifiedAt: settings.now(),
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

    logout(sessionId: number) {
      return sessions.revoke(sessionId);
    },

    async logoutEverywhere(customerId: number): Promise<void> {
      await revokeAllSessions(db, customerId, settings.now());
      sessions.forgetCustomer(customerId);
    },

    async info(customerId: number): Promise<CustomerInfo> {
      return toCustomerInfo(await requireCustomer(customerId));
    },

    async status(customerId: number, sessionExpiresAt: Date): Promise<CustomerStatus> {
      const customer = await requireCustomer(customerId);
      return {
        customerID: customer.id,
        accountStatus: customer.status,
        emailVerified: customer.emailVerifiedAt !== null,
        sessionExpiresAt: sessionExpiresAt.toISOString(),
        signedIn: true,
      };
    },

    async update(customerId: number, body: UpdateCustomerBody): Promise<CustomerInfo> {
      const changes: Partial<CustomerRow> = { ...body };
      if (body.postCode !== undefined && body.suburb !== undefined) {
        changes.suburb = (await findHomeSuburb(body.postCode, body.suburb)).suburb;
      }
      const updated = await updateCustomer(db, customerId, changes);
      if (!updated) throw new AppError('NOT_SIGNED_IN');
      sessions.forgetCustomer(customerId);
      return toCustomerInfo(updated);
    },

    async loginDetail(customerId: number): Promise<LoginDetail> {
      const customer = await requireCustomer(customerId);
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

    /** Changes the password, ends every other session of the customer (`sessionId` is the one kept) and its reset links. */
    async updatePassword(customerId: number, sessionId: number, body: UpdatePasswordBody): Promise<void> {
      const customer = await requireCustomer(customerId);
      // Its own account, signed in: saying it has no password tells nobody anything (a Google-only account).
      if (!customer.passwordHash) throw new AppError('NO_PASSWORD_SET');
      const reservation = await throttle.reserve('perAccount', `password:account:${customer.id}`);
      if (!(await verifyPassword(body.oldPassword, customer.passwordHash))) {
        throw new AppError('WRONG_PASSWORD');
      }
      await throttle.release([reservation]);
      if (body.oldPassword === body.newPassword) throw new AppError('PASSWORD_UNCHANGED');
      const passwordHash = await hashPassword(body.newPassword, settings.scryptLogN);
      const { passwordHash: checkedHash } = customer;
      await db.transaction(async (tx) => {
        // Changed since it was checked (another session's change won): the old password is no longer current.
        if (!(await replacePasswordHash(tx, customer.id, checkedHash, passwordHash))) {
          throw new AppError('WRONG_PASSWORD');
        }
        const at = settings.now();
        await revokeOtherSessions(tx, customer.id, sessionId, at);
        // A reset link mailed before the change would undo it: whoever asked for it need not be the customer.
        await endAccountTokens(tx, customer.id, 'password_reset', at);
        await insertMail(tx, passwordChangedMail(customer, 'account'), at);
      });
      sessions.forgetCustomer(customer.id);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
