import { INT32_MAX } from '@storefront/contract/common';
import {
  CUSTOMER_ORDERS_SHOWN,
  type CustomerMailSent,
  type StaffCustomerDetail,
  type StaffCustomerList,
  type StaffCustomerListParams,
} from '@storefront/contract/customers-admin';
import { orderIdOfReference, orderReference } from '@storefront/contract/order-reference';
import { fullName } from '@storefront/contract/person-name';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { endAccountTokens } from '../account/account-token.repo.js';
import {
  findCustomerById,
  lockCustomer,
  revokeAllSessions,
  updateCustomer,
  type CustomerRow,
} from '../account/account.repo.js';
import type { SessionService } from '../account/session.service.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';
import type { EmailVerification } from '../email-verification/email-verification.service.js';
import type { PasswordReset } from '../password-reset/password-reset.service.js';
import { creditBalance } from '../wallet/wallet.service.js';
import {
  findLastSignIn,
  findLatestDisable,
  listCustomerOrders,
  listCustomers,
} from './customers-admin.repo.js';

export type CustomersAdminDeps = {
  now: () => Date;
  sessions: SessionService;
  verification: EmailVerification;
  passwordReset: PasswordReset;
};

const DISABLED = 'customer.disabled';

/** The order a search names, as a customer quotes it: SO-5, so-5 or 5. */
function orderIdNamedBy(q: string): number | undefined {
  const id = orderIdOfReference(/^\d+$/.test(q) ? `SO-${q}` : q.toUpperCase());
  return id !== null && id <= INT32_MAX ? id : undefined;
}

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

/** Customers as support finds and helps them: search, their page, mails sent again, and turning accounts off and on. */
export function createCustomersAdmin(db: Db, deps: CustomersAdminDeps) {
  const { now, sessions } = deps;

  async function requireCustomer(customerId: number): Promise<CustomerRow> {
    const customer = await findCustomerById(db, customerId);
    if (!customer) throw new AppError('NOT_FOUND', 'No such customer.');
    return customer;
  }

  /** A customer who may be mailed: one that exists and is not disabled (a disabled account's links would not work). */
  async function mailableCustomer(customerId: number): Promise<CustomerRow> {
    const customer = await requireCustomer(customerId);
    if (customer.status !== 'active') throw new AppError('CUSTOMER_DISABLED');
    return customer;
  }

  /** The mail is written by its own service (with its throttle), then the staff member's sending is audited. */
  async function auditMail(actor: Actor, customer: CustomerRow, action: string): Promise<CustomerMailSent> {
    await db.transaction((tx) =>
      recordAudit(
        tx,
        actor,
        { action, targetType: 'customer', targetId: customer.id, after: { email: customer.email } },
        now(),
      ),
    );
    return { email: customer.email };
  }

  async function detail(customerId: number): Promise<StaffCustomerDetail> {
    const customer = await requireCustomer(customerId);
    const [credit, orders, lastSignIn, disable] = await Promise.all([
      creditBalance(db, customer.id),
      listCustomerOrders(db, customer.id, CUSTOMER_ORDERS_SHOWN),
      findLastSignIn(db, customer.id),
      customer.status === 'disabled' ? findLatestDisable(db, customer.id, DISABLED) : undefined,
    ]);
    const reason = disable?.after?.reason;
    return {
      customer: {
        customerID: customer.id,
        email: customer.email,
        firstName: customer.firstName,
        lastName: customer.lastName,
        name: fullName(customer),
        phone: customer.phone,
        postCode: customer.postCode,
        suburb: customer.suburb,
        status: customer.status,
        emailVerified: customer.emailVerifiedAt !== null,
        createdAt: customer.createdAt.toISOString(),
        hasPassword: customer.passwordHash !== null,
        hasGoogle: customer.googleSub !== null,
        lastSignInAt: lastSignIn?.toISOString() ?? null,
        creditBalance: credit,
      },
      disabled: disable
        ? {
            at: disable.at.toISOString(),
            reason: typeof reason === 'string' ? reason : '',
            staffName: disable.staffName,
          }
        : null,
      orderCount: orders.total,
      orders: orders.rows.map((o) => ({
        orderID: o.id,
        reference: orderReference(o.id),
        createdAt: iso(o.created_at),
        status: o.status,
        total: o.total_cents,
      })),
    };
  }

  /**
   * Turns the account off or on, in one transaction with its audit entry: every session ends either way (on the
   * way off so none is answered again; on the way on, any a sign-in racing the disable made while the customer row
   * still read active). The same change asked again answers the customer as they are.
   */
  async function setStatus(
    customerId: number,
    to: CustomerRow['status'],
    actor: Actor,
    reason?: string,
  ): Promise<StaffCustomerDetail> {
    const changed = await db.transaction(async (tx) => {
      // Locked, so a disable and an enable at once take turns and each reads the status the other left.
      await lockCustomer(tx, customerId);
      const customer = await findCustomerById(tx, customerId);
      if (!customer) throw new AppError('NOT_FOUND', 'No such customer.');
      if (customer.status === to) return false;
      const at = now();
      await updateCustomer(tx, customer.id, { status: to });
      await revokeAllSessions(tx, customer.id, at);
      // A reset link mailed before the disable is no way back in once the account is enabled again.
      if (to === 'disabled') await endAccountTokens(tx, customer.id, 'password_reset', at);
      await recordAudit(
        tx,
        actor,
        {
          action: to === 'disabled' ? DISABLED : 'customer.enabled',
          targetType: 'customer',
          targetId: customer.id,
          before: { status: customer.status },
          after: reason === undefined ? { status: to } : { status: to, reason },
        },
        at,
      );
      return true;
    });
    // Committed: this process answers none of the customer's sessions from memory; the others hear the trigger.
    if (changed) sessions.forgetCustomer(customerId);
    return detail(customerId);
  }

  return {
    async list(query: StaffCustomerListParams): Promise<StaffCustomerList> {
      const q = query.q?.trim() || undefined;
      const { rows, total } = await listCustomers(
        db,
        { text: q, orderId: q === undefined ? undefined : orderIdNamedBy(q) },
        { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
      );
      return {
        list: rows.map((r) => ({
          customerID: r.id,
          name: fullName({ firstName: r.first_name, lastName: r.last_name }),
          email: r.email,
          status: r.status,
          emailVerified: r.email_verified_at !== null,
          createdAt: iso(r.created_at),
          orderCount: r.order_count,
          lastOrderAt: r.last_order_at === null ? null : iso(r.last_order_at),
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    detail,

    async sendVerificationMail(customerId: number, actor: Actor): Promise<CustomerMailSent> {
      const customer = await mailableCustomer(customerId);
      if (customer.emailVerifiedAt) throw new AppError('CUSTOMER_ALREADY_VERIFIED');
      await deps.verification.resend(customer.id).catch((err: unknown) => {
        // Verified in the meantime: said as to staff, not as to the customer.
        if (err instanceof AppError && err.name === 'EMAIL_ALREADY_VERIFIED') {
          throw new AppError('CUSTOMER_ALREADY_VERIFIED');
        }
        throw err;
      });
      return auditMail(actor, customer, 'customer.verification_mail_sent');
    },

    /** The mail "forgot password" sends, with its throttles: per address, and per the staff member's address. */
    async sendPasswordResetMail(customerId: number, actor: Actor): Promise<CustomerMailSent> {
      const customer = await mailableCustomer(customerId);
      await deps.passwordReset.forgot({ email: customer.email }, actor.ip, { wait: true });
      return auditMail(actor, customer, 'customer.password_reset_mail_sent');
    },

    disable: (customerId: number, reason: string, actor: Actor) =>
      setStatus(customerId, 'disabled', actor, reason),

    enable: (customerId: number, actor: Actor) => setStatus(customerId, 'active', actor),
  };
}

export type CustomersAdmin = ReturnType<typeof createCustomersAdmin>;
