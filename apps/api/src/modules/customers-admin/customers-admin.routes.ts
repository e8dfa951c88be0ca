import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import type { SessionService } from '../account/session.service.js';
import type { EmailVerification } from '../email-verification/email-verification.service.js';
import type { PasswordReset } from '../password-reset/password-reset.service.js';

/** Customers as support finds and helps them (staff). */
export const customersAdminRoutes: FastifyPluginAsyncZod<{
  db: Db;
  now: () => Date;
  sessions: SessionService;
  verification: EmailVerification;
  passwordReset: PasswordReset;
}> = async () => {};
