import {
  RESET_LINK_MINUTES,
  RESET_PAGE_PATH,
  type ForgotPasswordBody,
  type ForgotPasswordResult,
  type ResetCheckBody,
  type ResetCheckResult,
  type ResetPasswordBody,
} from '@storefront/contract/account-mail';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/password.js';
import type { Signer } from '../../lib/signing.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import {
  endAccountTokens,
  findAccountToken,
  insertAccountToken,
  useAccountToken,
} from '../account/account-token.repo.js';
import { createDeviceCookies, type DeviceCookie } from '../account/device-cookie.js';
import {
  findCustomerByEmail,
  findCustomerById,
  revokeAllSessions,
  updateCustomer,
} from '../account/account.repo.js';
import { insertMail } from '../mail/outbox.repo.js';
import type { Throttle } from '../throttle/throttle.service.js';
import { passwordChangedMail, resetLinkMail } from './password-reset.mails.js';
import { storeUrl } from '../../lib/store-url.js';

export type PasswordResetSettings = {
  throttle: Throttle;
  /** Where customers reach the store: the mailed link opens its reset page. */
  publicUrl: string;
  scryptLogN: number;
  now: () => Date;
  /** Told once a reset has ended the customer's sessions, so none is still answered from memory. */
  sessionsEnded: (customerId: number) => void;
  /** Signs the device cookie the resetting browser is given (account/device-cookie.ts). */
  signer: Signer;
  /** Told of a link that could not be written after the answer had gone. */
  log?: { error(obj: object, msg: string): void };
};

const SENT: ForgotPasswordResult = {
  message: `If an account uses that address, we have sent it a link to reset the password. It works for ${RESET_LINK_MINUTES} minutes.`,
};

/**
 * Forgotten passwords: a single-use link by mail (only its hash is stored), then a new password that ends every
 * session. Asking always answers the same, so the page tells nobody which addresses have accounts.
 */
export function createPasswordReset(db: Db, settings: PasswordResetSettings) {
  const { throttle, now } = settings;
  const deviceCookies = createDeviceCookies(settings.signer);

  function linkFor(token: string): string {
    const url = storeUrl(settings.publicUrl, RESET_PAGE_PATH);
    url.searchParams.set('token', token);
    return url.toString();
  }

  /** Links being written after their answer went, so a test (or a shutdown) can wait for them. */
  const writing = new Set<Promise<void>>();

  async function writeLink(email: string): Promise<void> {
    const customer = await findCustomerByEmail(db, email);
    if (!customer || customer.status !== 'active') return;
    const token = newToken();
    const at = now();
    await db.transaction(async (tx) => {
      // Only the newest link works: an older mail lying around is no way in.
      await endAccountTokens(tx, customer.id, 'password_reset', at);
      await insertAccountToken(tx, {
        customerId: customer.id,
        purpose: 'password_reset',
        tokenHash: hashToken(token),
        email: customer.email,
        expiresAt: new Date(at.getTime() + RESET_LINK_MINUTES * 60_000),
        createdAt: at,
      });
      await insertMail(tx, resetLinkMail(customer, linkFor(token)), at);
    });
  }

  return {
    /**
     * Answers the same, in the same time, whether or not the address has an account: after the throttles (the
     * same for every address) the answer goes, and only then is the account looked up and its link written (or,
     * with `wait`, for staff sending it on a customer's behalf, before answering).
     */
    async forgot(body: ForgotPasswordBody, ip: string, { wait = false } = {}): Promise<ForgotPasswordResult> {
      await throttle.reserve('perIp', `forgot:ip:${ip}`);
      // Per address as well, whether or not it has an account: nobody can flood a mailbox with links.
      await throttle.reserve('perAccount', `forgot:email:${body.email.toLowerCase()}`);
      if (wait) {
        await writeLink(body.email);
        return SENT;
      }
      const written = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => writeLink(body.email))
        .catch((err: unknown) => settings.log?.error({ err }, 'a password reset link was not written'))
        .finally(() => writing.delete(written));
      writing.add(written);
      return SENT;
    },

    /** Resolves once every link asked for so far is written (or has failed). */
    async linksWritten(): Promise<void> {
      await Promise.all([...writing]);
    },

    /**
     * Whether the link would still set a password (unused, unexpired, its customer active at the address it was sent
     * to), without using it. Throttled as a reset is, so it is no cheaper way to try tokens.
     */
    async check(body: ResetCheckBody, ip: string): Promise<ResetCheckResult> {
      await throttle.reserve('perIp', `reset-check:ip:${ip}`);
      const link = await findAccountToken(db, 'password_reset', hashToken(body.token));
      if (!link || link.usedAt || link.expiresAt <= now()) return { valid: false };
      const customer = await findCustomerById(db, link.customerId);
      return { valid: customer?.status === 'active' && customer.email === link.email };
    },

    /**
     * Answers a device cookie for the account: the browser that opened the mailed link has proved the mailbox, as a
     * sign-in proves the password, so it signs in on its own budget even while strangers' guesses have locked the
     * account out for everyone else (the lock-out would otherwise outlast the reset that answers it).
     */
    async reset(body: ResetPasswordBody, ip: string): Promise<{ deviceCookie: DeviceCookie }> {
      await throttle.reserve('perIp', `reset:ip:${ip}`);
      const passwordHash = await hashPassword(body.newPassword, settings.scryptLogN);
      const customerId = await db.transaction(async (tx) => {
        const at = now();
        const link = await useAccountToken(tx, 'password_reset', hashToken(body.token), at);
        const customer = link && (await findCustomerById(tx, link.customerId));
        if (!customer || customer.status !== 'active' || customer.email !== link.email) {
          throw new AppError('RESET_LINK_INVALID');
        }
        await updateCustomer(tx, customer.id, { passwordHash });
        await revokeAllSessions(tx, customer.id, at);
        await endAccountTokens(tx, customer.id, 'password_reset', at);
        await insertMail(tx, passwordChangedMail(customer), at);
        return customer.id;
      });
      settings.sessionsEnded(customerId);
      return { deviceCookie: deviceCookies.issue(customerId) };
    },
  };
}

export type PasswordReset = ReturnType<typeof createPasswordReset>;
