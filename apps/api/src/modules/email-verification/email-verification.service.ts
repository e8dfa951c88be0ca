import {
  VERIFY_LINK_HOURS,
  VERIFY_PAGE_PATH,
  type EmailVerified,
  type VerificationSent,
} from '@storefront/contract/account-mail';
import type { Db, Executor } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import {
  endAccountTokens,
  findAccountToken,
  insertAccountToken,
  useAccountToken,
} from '../account/account-token.repo.js';
import { findCustomerById, updateCustomer, type CustomerRow } from '../account/account.repo.js';
import { insertMail } from '../mail/outbox.repo.js';
import type { Throttle } from '../throttle/throttle.service.js';
import { verifyLinkMail, type VerifyLinkOccasion } from './email-verification.mails.js';
import { storeUrl } from '../../lib/store-url.js';

export type EmailVerificationSettings = { throttle: Throttle; publicUrl: string; now: () => Date };

/**
 * Proof that a customer reads mail at their address: a single-use link, mailed at registration (in the
 * registration's own transaction) and again on request. Opening it marks the address the link was sent to.
 */
export function createEmailVerification(db: Db, settings: EmailVerificationSettings) {
  const { now } = settings;

  function linkFor(token: string): string {
    const url = storeUrl(settings.publicUrl, VERIFY_PAGE_PATH);
    url.searchParams.set('token', token);
    return url.toString();
  }

  /** Writes a fresh link and its mail in the caller's transaction; earlier links stop working. */
  async function mailLink(tx: Executor, customer: CustomerRow, occasion: VerifyLinkOccasion): Promise<void> {
    const token = newToken();
    const at = now();
    await endAccountTokens(tx, customer.id, 'verify_email', at);
    await insertAccountToken(tx, {
      customerId: customer.id,
      purpose: 'verify_email',
      tokenHash: hashToken(token),
      email: customer.email,
      expiresAt: new Date(at.getTime() + VERIFY_LINK_HOURS * 3_600_000),
      createdAt: at,
    });
    await insertMail(tx, verifyLinkMail(customer, linkFor(token), occasion), at);
  }

  async function refusalOfSpentLink(tx: Executor, token: string): Promise<AppError> {
    const spent = await findAccountToken(tx, 'verify_email', hashToken(token));
    const customer = spent && (await findCustomerById(tx, spent.customerId));
    return spent && customer?.emailVerifiedAt && customer.email === spent.email
      ? new AppError('EMAIL_ALREADY_VERIFIED')
      : new AppError('VERIFY_LINK_INVALID');
  }

  return {
    mailLink,

    async resend(customerId: number): Promise<VerificationSent> {
      const customer = await findCustomerById(db, customerId);
      if (!customer) throw new AppError('NOT_SIGNED_IN');
      if (customer.emailVerifiedAt) throw new AppError('EMAIL_ALREADY_VERIFIED');
      await settings.throttle.reserve('perAccount', `verify:account:${customer.id}`);
      await db.transaction((tx) => mailLink(tx, customer, 'resend'));
      return { email: customer.email };
    },

    /**
     * Works signed out too: the link is the proof, whoever's browser opens it. A link that no longer works (opened
     * before, on this device or another, or ended by a newer one) is told apart when its address is verified by now,
     * so the customer reads that there is nothing left to do rather than to send another link; the page cannot ask
     * the account, as it may be signed out or signed in as someone else.
     */
    async verify(token: string): Promise<EmailVerified> {
      return db.transaction(async (tx) => {
        const at = now();
        const link = await useAccountToken(tx, 'verify_email', hashToken(token), at);
        if (!link) throw await refusalOfSpentLink(tx, token);
        const customer = await findCustomerById(tx, link.customerId);
        // The account's address changed since the link was sent: it proves nothing about the new one.
        if (!customer || customer.email !== link.email) throw new AppError('VERIFY_LINK_INVALID');
        if (!customer.emailVerifiedAt) await updateCustomer(tx, customer.id, { emailVerifiedAt: at });
        return { email: customer.email, verified: true };
      });
    },
  };
}

export type EmailVerification = ReturnType<typeof createEmailVerification>;
