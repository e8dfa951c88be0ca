import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customerInfo,
  customerStatus,
  googleAuthBody,
  loginBody,
  loginDetail,
  registerBody,
  updateCustomerBody,
  updatePasswordBody,
  userInfo,
} from '@storefront/contract/account';
import { emptyBody, ok as okData } from '@storefront/contract/common';
import { authOf, sendToken } from '../../plugins/auth.js';
import { bearer, clientMeta, ok, replies } from '../../lib/reply.js';
import type { AccountService, ClientMeta, SignedIn } from './account.service.js';
import { serializeDeviceCookie } from './device-cookie.js';
import { RateLimitedError } from './throttle.js';

function clientOf(req: FastifyRequest): ClientMeta {
  return { ...clientMeta(req), cookies: req.headers.cookie };
}

/** Hands over the session token and the device cookie that makes this browser trusted for the account. */
function sendSignedIn(req: FastifyRequest, reply: FastifyReply, signedIn: SignedIn) {
  sendToken(reply, signedIn.token);
  reply.header('set-cookie', serializeDeviceCookie(signedIn.deviceCookie, req.protocol === 'https'));
  return ok(signedIn.user);
}

export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = async (app, { account }) => {
  const tags = ['account'];

  app.addHook('onError', async (_req, reply, err) => {
    if (err instanceof RateLimitedError) reply.header('retry-after', String(err.retryAfterSeconds));
  });

  app.post(
    '/register',
    { schema: { tags, body: registerBody, response: replies(userInfo) } },
    async (req, reply) => sendSignedIn(req, reply, await account.register(req.body, clientOf(req))),
  );

  app.post('/login', { schema: { tags, body: loginBody, response: replies(userInfo) } }, async (req, reply) =>
    sendSignedIn(req, reply, await account.login(req.body, clientOf(req))),
  );

  app.post(
    '/google-auth',
    { schema: { tags, body: googleAuthBody, response: replies(userInfo) } },
    async (req, reply) => sendSignedIn(req, reply, await account.googleAuth(req.body, clientOf(req))),
  );

  app.post(
    '/logout',
    {
      onRequest: app.requireAuth,
      schema: { tags, security: bearer, body: emptyBody, response: replies(okData) },
    },
    async (req) => {
      await account.logout(authOf(req));
      return ok(null);
    },
  );

  app.get(
    '/customer/me',
    { onRequest: app.requireAuth, schema: { tags, security: bearer, response: replies(userInfo) } },
    async (req) => ok(await account.me(authOf(req))),
  );

  app.get(
    '/customer/status',
    { onRequest: app.requireAuth, schema: { tags, security: bearer, response: replies(customerStatus) } },
    async (req) => ok(await account.status(authOf(req))),
  );

  app.get(
    '/customer/info',
    { onRequest: app.requireAuth, schema: { tags, security: bearer, response: replies(customerInfo) } },
    async (req) => ok(await account.info(authOf(req))),
  );

  app.put(
    '/customer/update',
    {
      onRequest: app.requireAuth,
      schema: { tags, security: bearer, body: updateCustomerBody, response: replies(customerInfo) },
    },
    async (req) => ok(await account.update(authOf(req), req.body)),
  );

  app.get(
    '/customer/login-detail',
    { onRequest: app.requireAuth, schema: { tags, security: bearer, response: replies(loginDetail) } },
    async (req) => ok(await account.loginDetail(authOf(req))),
  );

  app.put(
    '/customer/update-password',
    {
      onRequest: app.requireAuth,
      schema: { tags, security: bearer, body: updatePasswordBody, response: replies(okData) },
    },
    async (req) => {
      await account.updatePassword(authOf(req), req.body);
      return ok(null);
    },
  );
};
