import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailVerified, verificationSent, verifyEmailBody } from '@storefront/contract/account-mail';
import { emptyBody } from '@storefront/contract/common';
import { customerIdOf } from '../../plugins/auth.js';
import { ok, routeOptions } from '../../lib/reply.js';
import type { EmailVerification } from './email-verification.service.js';

/** Each route as the OpenAPI document describes it: its operationId and what it does (lib/reply.ts). */
const routeDocs = {
  verifyEmail:
    'Verifies an email address with the token of a mailed link; works signed out. Refused when the link is unknown, used or superseded, saying so when the address is verified already.',
  resendVerificationEmail:
    'Mails the customer a new verification link. Refused when the address is verified already or too many links were asked for.',
};

export const emailVerificationRoutes: FastifyPluginAsyncZod<{ verification: EmailVerification }> = async (
  app,
  { verification },
) => {
  const { open, signedIn } = routeOptions(app, ['account'], routeDocs);

  app.post('/email/verify', open('verifyEmail', { body: verifyEmailBody }, emailVerified), async (req) =>
    ok(await verification.verify(req.body.token)),
  );

  app.post(
    '/email/verification',
    signedIn('resendVerificationEmail', { body: emptyBody }, verificationSent),
    async (req) => ok(await verification.resend(customerIdOf(req))),
  );
};
