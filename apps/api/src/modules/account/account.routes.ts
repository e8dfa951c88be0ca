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
import { ok as okData } from '@storefront/contract/common';
import { authOf, sendToken } from '../../plugins/auth.js';
import { bearer, clientMeta, ok, replies } from '../../lib/reply.js';
import type { AccountService } from './account.service.js';

export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = async (app, { account }) => {
  const tags = ['account'];

  app.post(
    '/register',
    { schema: { tags, body: registerBody, response: replies(userInfo) } },
    async (req, reply) => {
      const { user, token } = await account.register(req.body, clientMeta(req));
      sendToken(reply, token);
      return ok(user);
    },
  );

  app.post(
    '/login',
    { schema: { tags, body: loginBody, response: replies(userInfo) } },
    async (req, reply) => {
      const { user, token } = await account.login(req.body, clientMeta(req));
      sendToken(reply, token);
      return ok(user);
    },
  );

  app.post(
    '/google-auth',
    { schema: { tags, body: googleAuthBody, response: replies(userInfo) } },
    async (req, reply) => {
      const { user, token } = await account.googleAuth(req.body, clientMeta(req));
      sendToken(reply, token);
      return ok(user);
    },
  );

  app.post(
    '/logout',
    { onRequest: app.requireAuth, schema: { tags, security: bearer, response: replies(okData) } },
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
