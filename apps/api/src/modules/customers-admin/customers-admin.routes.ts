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

/** Customers as support finds and helps them (staff). */
export const customersAdminRoutes: FastifyPluginAsyncZod<{
  db: Db;
  now: () => Date;
  sessions: SessionService;
  verification: EmailVerification;
  passwordReset: PasswordReset;
}> = async (app, { db, ...deps }) => {
  const customers = createCustomersAdmin(db, deps);
  const { allow } = staffRouteOptions(app);
  const support = ['owner', 'manager', 'support'] as const;
  const managers = ['owner', 'manager'] as const;

  app.get(
    '/customers',
    allow(support, { querystring: staffCustomerListQuery }, staffCustomerList),
    async (req) => ok(await customers.list(req.query)),
  );

  app.get(
    '/customers/:customerID',
    allow(support, { params: staffCustomerParams }, staffCustomerDetail),
    async (req) => ok(await customers.detail(req.params.customerID)),
  );

  app.post(
    '/customers/:customerID/verification-mail',
    allow(support, { params: staffCustomerParams, body: emptyBody }, customerMailSent),
    async (req) => ok(await customers.sendVerificationMail(req.params.customerID, actorOf(req))),
  );

  app.post(
    '/customers/:customerID/password-reset-mail',
    allow(support, { params: staffCustomerParams, body: emptyBody }, customerMailSent),
    async (req) => ok(await customers.sendPasswordResetMail(req.params.customerID, actorOf(req))),
  );

  app.post(
    '/customers/:customerID/disable',
    allow(support, { params: staffCustomerParams, body: disableCustomerBody }, staffCustomerDetail),
    async (req) => ok(await customers.disable(req.params.customerID, req.body.reason, actorOf(req))),
  );

  app.post(
    '/customers/:customerID/enable',
    allow(managers, { params: staffCustomerParams, body: emptyBody }, staffCustomerDetail),
    async (req) => ok(await customers.enable(req.params.customerID, actorOf(req))),
  );
};
