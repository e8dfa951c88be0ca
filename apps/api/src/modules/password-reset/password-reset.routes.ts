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

/** Each route as the OpenAPI document describes it: its operationId and what it does (lib/reply.ts). */
const routeDocs = {
  requestPasswordReset:
    'Mails a password reset link to the address when it has an account; answers the same, in the same time, when it has none. Throttled per address and per caller.',
  checkPasswordResetLink:
    'Whether a reset link would still set a password (unused, unexpired, its account active), without using it. Throttled as a reset is.',
  resetPassword:
    "Sets a new password with a reset link's token, ends the account's sessions, and trusts this browser for sign-in. Refused when the link is unknown, used or expired.",
};

export const passwordResetRoutes: FastifyPluginAsyncZod<{ passwordReset: PasswordReset }> = async (
  app,
  { passwordReset },
) => {
  const { open } = routeOptions(app, ['account'], routeDocs);

  app.post(
    '/password/forgot',
    open('requestPasswordReset', { body: forgotPasswordBody }, forgotPasswordResult),
    async (req) => ok(await passwordReset.forgot(req.body, clientMeta(req).ip)),
  );

  app.post(
    '/password/reset-check',
    open('checkPasswordResetLink', { body: resetCheckBody }, resetCheckResult),
    async (req) => ok(await passwordReset.check(req.body, clientMeta(req).ip)),
  );

  app.post(
    '/password/reset',
    open('resetPassword', { body: resetPasswordBody }, okData),
    async (req, reply) => {
      const { deviceCookie } = await passwordReset.reset(req.body, clientMeta(req).ip);
      reply.header('set-cookie', serializeDeviceCookie(deviceCookie, req.protocol === 'https'));
      return ok(null);
    },
  );
};
