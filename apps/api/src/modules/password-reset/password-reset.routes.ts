import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  forgotPasswordBody,
  forgotPasswordResult,
  resetPasswordBody,
} from '@storefront/contract/account-mail';
import { ok as okData } from '@storefront/contract/common';
import { clientMeta, ok, routeOptions } from '../../lib/reply.js';
import type { PasswordReset } from './password-reset.service.js';

export const passwordResetRoutes: FastifyPluginAsyncZod<{ passwordReset: PasswordReset }> = async (
  app,
  { passwordReset },
) => {
  const { open } = routeOptions(app, ['account']);

  app.post('/password/forgot', open({ body: forgotPasswordBody }, forgotPasswordResult), async (req) =>
    ok(await passwordReset.forgot(req.body, clientMeta(req).ip)),
  );

  app.post('/password/reset', open({ body: resetPasswordBody }, okData), async (req) => {
    await passwordReset.reset(req.body, clientMeta(req).ip);
    return ok(null);
  });
};
