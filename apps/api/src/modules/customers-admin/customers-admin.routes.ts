import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyBody } from '@storefront/contract/common';
import {
  customerMailSent,
  disableCustomerBody,
  staffCustomerDetail,
  staffCustomerList,
  staffCustomerListQuery,
  staffCustomerParams,
} from '@storefront/contract/customers-admin';
import type { Db } from '../../db/client.js';
import { ok } from '../../lib/reply.js';
import { actorOf, staffRouteOptions } from '../../plugins/staff-auth.js';
import type { SessionService } from '../account/session.service.js';
import type { EmailVerification } from '../email-verification/email-verification.service.js';
import type { PasswordReset } from '../password-reset/password-reset.service.js';
import { createCustomersAdmin } from './customers-admin.service.js';

/** Each route as the OpenAPI document describes it: its operationId and what it does (lib/reply.ts). */
const routeDocs = {
  adminListCustomers:
    'Customer accounts, a page at a time; searched by part of the email or name, or by an order number (5 or SO-5).',
  adminGetCustomer:
    "One customer's account: status, verification, sign-in methods, store credit, why it is disabled, and recent orders. Refused (404) for an unknown customer.",
  adminSendVerificationMail:
    'Mails the customer a new email verification link, audited. Refused when the account is disabled or its address is verified already.',
  adminSendPasswordResetMail:
    'Mails the customer the password reset link "forgot password" sends, with its throttles, audited. Refused when the account is disabled.',
  adminDisableCustomer:
    'Disables the account with a reason, ending every session at once, audited. Asked again, it answers the customer as they are.',
  adminEnableCustomer: 'Enables a disabled account again, audited; the customer signs in afresh.',
};

/** Customers as support finds and helps them (staff). */
export const customersAdminRoutes: FastifyPluginAsyncZod<{
  db: Db;
  now: () => Date;
  sessions: SessionService;
  verification: EmailVerification;
  passwordReset: PasswordReset;
}> = async (app, { db, ...deps }) => {
  const customers = createCustomersAdmin(db, deps);
  const { allow } = staffRouteOptions(app, routeDocs);
  const support = ['owner', 'manager', 'support'] as const;
  const managers = ['owner', 'manager'] as const;

  app.get(
    '/customers',
    allow('adminListCustomers', support, { querystring: staffCustomerListQuery }, staffCustomerList),
    async (req) => ok(await customers.list(req.query)),
  );

  app.get(
    '/customers/:customerID',
    allow('adminGetCustomer', support, { params: staffCustomerParams }, staffCustomerDetail),
    async (req) => ok(await customers.detail(req.params.customerID)),
  );

  app.post(
    '/customers/:customerID/verification-mail',
    allow(
      'adminSendVerificationMail',
      support,
      { params: staffCustomerParams, body: emptyBody },
      customerMailSent,
    ),
    async (req) => ok(await customers.sendVerificationMail(req.params.customerID, actorOf(req))),
  );

  app.post(
    '/customers/:customerID/password-reset-mail',
    allow(
      'adminSendPasswordResetMail',
      support,
      { params: staffCustomerParams, body: emptyBody },
      customerMailSent,
    ),
    async (req) => ok(await customers.sendPasswordResetMail(req.params.customerID, actorOf(req))),
  );

  app.post(
    '/customers/:customerID/disable',
    allow(
      'adminDisableCustomer',
      support,
      { params: staffCustomerParams, body: disableCustomerBody },
      staffCustomerDetail,
    ),
    async (req) => ok(await customers.disable(req.params.customerID, req.body.reason, actorOf(req))),
  );

  app.post(
    '/customers/:customerID/enable',
    allow(
      'adminEnableCustomer',
      managers,
      { params: staffCustomerParams, body: emptyBody },
      staffCustomerDetail,
    ),
    async (req) => ok(await customers.enable(req.params.customerID, actorOf(req))),
  );
};
