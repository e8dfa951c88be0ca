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
import { authOf, customerIdOf, sendToken } from '../../plugins/auth.js';
import { clientMeta, ok, routeOptions } from '../../lib/reply.js';
import type { AccountService, ClientMeta, SignedIn } from './account.service.js';
import { serializeDeviceCookie } from './device-cookie.js';

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
  const { open, signedIn } = routeOptions(app, ['account']);

  app.post('/register', open({ body: registerBody }, userInfo), async (req, reply) =>
    sendSignedIn(req, reply, await account.register(req.body, clientOf(req))),
  );

  app.post('/login', open({ body: loginBody }, userInfo), async (req, reply) =>
    sendSignedIn(req, reply, await account.login(req.body, clientOf(req))),
  );

  app.post('/google-auth', open({ body: googleAuthBody }, userInfo), async (req, reply) =>
    sendSignedIn(req, reply, await account.googleAuth(req.body, clientOf(req))),
  );

  app.post('/logout', signedIn({ body: emptyBody }, okData), async (req) => {
    await account.logout(authOf(req).sessionId);
    return ok(null);
  });

  // Every session of the customer, this one included: a lost phone, a shared computer left signed in.
  app.post('/logout/everywhere', signedIn({ body: emptyBody }, okData), async (req) => {
    await account.logoutEverywhere(customerIdOf(req));
    return ok(null);
  });

  // The session lookup that signed the request in read the customer too: no second query.
  app.get('/customer/me', signedIn({}, userInfo), async (req) => ok(authOf(req).customer));

  app.get('/customer/status', signedIn({}, customerStatus), async (req) => {
    const auth = authOf(req);
    return ok(await account.status(auth.customerId, auth.expiresAt));
  });

  app.get('/customer/info', signedIn({}, customerInfo), async (req) =>
    ok(await account.info(customerIdOf(req))),
  );

  app.put('/customer/update', signedIn({ body: updateCustomerBody }, customerInfo), async (req) =>
    ok(await account.update(customerIdOf(req), req.body)),
  );

  app.get('/customer/login-detail', signedIn({}, loginDetail), async (req) =>
    ok(await account.loginDetail(customerIdOf(req))),
  );

  app.put('/customer/update-password', signedIn({ body: updatePasswordBody }, okData), async (req) => {
    const auth = authOf(req);
    await account.updatePassword(auth.customerId, auth.sessionId, req.body);
    return ok(null);
  });
};
