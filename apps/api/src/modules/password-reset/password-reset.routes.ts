import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  forgotPasswordBody,
  forgotPasswordResult,
  resetCheckBody,
  resetCheckResult,
  resetPasswordBody,
} from '@storefront/contract/account-mail';
import { ok as okData } from '@storefront/contract/common';
import { clientMeta, ok, routeOptions } from '../../lib/reply.js';
import { serializeDeviceCookie } from '../account/device-cookie.js';
import type { PasswordReset } from './password-reset.service.js';

export const passwordResetRoutes: FastifyPluginAsyncZod<{ passwordReset: PasswordReset }> = async (
  app,
  { passwordReset },
) => {
  const { open } = routeOptions(app, ['account']);

  app.post('/password/forgot', open({ body: forgotPasswordBody }, forgotPasswordResult), async (req) =>
    ok(await passwordReset.forgot(req.body, clientMeta(req).ip)),
  );

  app.post('/password/reset-check', open({ body: resetCheckBody }, resetCheckResult), async (req) =>
    ok(await passwordReset.check(req.body, clientMeta(req).ip)),
  );

  app.post('/password/reset', open({ body: resetPasswordBody }, okData), async (req, reply) => {
    const { deviceCookie } = await passwordReset.reset(req.body, clientMeta(req).ip);
    reply.header('set-cookie', serializeDeviceCookie(deviceCookie, req.protocol === 'https'));
    return ok(null);
  });
};
