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
import type { GoogleIdentity } from './google.js';
import type { AuthContext, SessionService } from './session.service.js';
import { clearHits, countHit, peekHits } from './throttle.js';

export type ClientMeta = { ip: string; userAgent: string };

export type AccountSettings = {
  scryptLogN: number;
  limitPerIp: number;
  limitPerAccount: number;
  limitWindowMs: number;
  now: () => Date;
};

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
  settings: AccountSettings,
) {
  // Verifying against a real hash when the account is missing keeps response times from revealing which emails exist.
  // Made on first need, not at start: a hash at the production cost takes 128 MiB and a few hundred ms.
  let decoy: Promise<string> | undefined;
  const decoyHash = () => (decoy ??= hashPassword('decoy password', settings.scryptLogN));

  async function throttleIp(action: string, meta: ClientMeta): Promise<void> {
    const hits = await countHit(db, `${action}:ip:${meta.ip}`, settings.now(), settings.limitWindowMs);
    if (hits > settings.limitPerIp) throw new AppError('RATE_LIMITED');
  }

  async function throttleAccount(key: string): Promise<void> {
    if ((await peekHits(db, key, settings.now(), settings.limitWindowMs)) >= settings.limitPerAccount) {
      throw new AppError('RATE_LIMITED');
    }
  }

  async function signIn(customer: CustomerRow, method: 'password' | 'google' | 'register', meta: ClientMeta) {
    if (customer.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
    const { token } = await db.transaction(async (tx) => {
      await insertLoginEvent(tx, { customerId: customer.id, method, ip: meta.ip, userAgent: meta.userAgent });
      return sessions.issue(tx, customer.id);
    });
    return { user: toUserInfo(customer), token };
  }

  async function requireCustomer(auth: AuthContext): Promise<CustomerRow> {
    const customer = await findCustomerById(db, auth.customerId);
    if (!customer) throw new AppError('NOT_SIGNED_IN');
    return customer;
  }

  return {
    async register(body: RegisterBody, meta: ClientMeta) {
      await throttleIp('register', meta);
      const accountKey = `register:account:${body.email}`;
      await throttleAccount(accountKey);
      await countHit(db, accountKey, settings.now(), settings.limitWindowMs);
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
      await throttleIp('login', meta);
      const accountKey = `login:account:${body.email}`;
      await throttleAccount(accountKey);
      const customer = await findCustomerByEmail(db, body.email);
      const valid = await verifyPassword(body.password, customer?.passwordHash ?? (await decoyHash()));
      if (!customer || !customer.passwordHash || !valid) {
        await countHit(db, accountKey, settings.now(), settings.limitWindowMs);
        throw new AppError('WRONG_CREDENTIALS');
      }
      await clearHits(db, accountKey);
      return signIn(customer, 'password', meta);
    },

    async googleAuth(body: GoogleAuthBody, meta: ClientMeta) {
      await throttleIp('google', meta);
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
      const accountKey = `password:account:${customer.id}`;
      await throttleAccount(accountKey);
      if (!customer.passwordHash || !(await verifyPassword(body.oldPassword, customer.passwordHash))) {
        await countHit(db, accountKey, settings.now(), settings.limitWindowMs);
        throw new AppError('WRONG_PASSWORD');
      }
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
