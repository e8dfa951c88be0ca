import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailVerified, verificationSent, verifyEmailBody } from '@storefront/contract/account-mail';
import { emptyBody } from '@storefront/contract/common';
import { customerIdOf } from '../../plugins/auth.js';
import { ok, routeOptions } from '../../lib/reply.js';
import type { EmailVerification } from './email-verification.service.js';

export const emailVerificationRoutes: FastifyPluginAsyncZod<{ verification: EmailVerification }> = async (
  app,
  { verification },
) => {
  const { open, signedIn } = routeOptions(app, ['account']);

  app.post('/email/verify', open({ body: verifyEmailBody }, emailVerified), async (req) =>
    ok(await verification.verify(req.body.token)),
  );

  app.post('/email/verification', signedIn({ body: emptyBody }, verificationSent), async (req) =>
    ok(await verification.resend(customerIdOf(req))),
  );
};
