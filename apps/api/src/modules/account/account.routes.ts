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

/** Each route as the OpenAPI document describes it: its operationId and what it does (lib/reply.ts). */
const routeDocs = {
  register:
    'Creates a customer account with a password and signs it in (the session token comes in the Authorization header). Refused when the email already has an account or the postcode and suburb are not a known suburb.',
  logIn:
    'Signs a customer in with email and password (the session token comes in the Authorization header). Refused with wrong credentials or a disabled account; repeated failures lock the account for a while (429).',
  logInWithGoogle:
    'Signs in with a Google ID token, linking the account that has its email or creating one. Refused when Google sign-in is not configured, the token does not verify, or Google has not verified the address.',
  logOut: 'Ends this session: its token is refused from then on.',
  logOutEverywhere:
    'Ends every session of the customer, this one included (a lost phone, a shared computer left signed in).',
  getMe: 'The signed-in customer: name, email and home suburb.',
  getCustomerStatus: "The account's status, whether its email is verified, and when this session expires.",
  getCustomerInfo:
    "The customer's profile: what getMe answers, with phone, birthday, sign-up date and sign-in method.",
  updateCustomer:
    "Changes the customer's name, phone, birthday or home suburb and answers the profile as saved. Refused when the postcode and suburb are not a known suburb.",
  getLoginDetail: 'How the customer signs in (password, Google or both) and their recent sign-ins.',
  updatePassword:
    'Changes the password and ends every other session and any reset link. Refused when the current password is wrong or unchanged, or the account has none (Google only).',
};

export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = async (app, { account }) => {
  const { open, signedIn } = routeOptions(app, ['account'], routeDocs);

  app.post('/register', open('register', { body: registerBody }, userInfo), async (req, reply) =>
    sendSignedIn(req, reply, await account.register(req.body, clientOf(req))),
  );

  app.post('/login', open('logIn', { body: loginBody }, userInfo), async (req, reply) =>
    sendSignedIn(req, reply, await account.login(req.body, clientOf(req))),
  );

  app.post('/google-auth', open('logInWithGoogle', { body: googleAuthBody }, userInfo), async (req, reply) =>
    sendSignedIn(req, reply, await account.googleAuth(req.body, clientOf(req))),
  );

  app.post('/logout', signedIn('logOut', { body: emptyBody }, okData), async (req) => {
    await account.logout(authOf(req).sessionId);
    return ok(null);
  });

  app.post('/logout/everywhere', signedIn('logOutEverywhere', { body: emptyBody }, okData), async (req) => {
    await account.logoutEverywhere(customerIdOf(req));
    return ok(null);
  });

  // The session lookup that signed the request in read the customer too: no second query.
  app.get('/customer/me', signedIn('getMe', {}, userInfo), async (req) => ok(authOf(req).customer));

  app.get('/customer/status', signedIn('getCustomerStatus', {}, customerStatus), async (req) => {
    const auth = authOf(req);
    return ok(await account.status(auth.customerId, auth.expiresAt));
  });

  app.get('/customer/info', signedIn('getCustomerInfo', {}, customerInfo), async (req) =>
    ok(await account.info(customerIdOf(req))),
  );

  app.put(
    '/customer/update',
    signedIn('updateCustomer', { body: updateCustomerBody }, customerInfo),
    async (req) => ok(await account.update(customerIdOf(req), req.body)),
  );

  app.get('/customer/login-detail', signedIn('getLoginDetail', {}, loginDetail), async (req) =>
    ok(await account.loginDetail(customerIdOf(req))),
  );

  app.put(
    '/customer/update-password',
    signedIn('updatePassword', { body: updatePasswordBody }, okData),
    async (req) => {
      const auth = authOf(req);
      await account.updatePassword(auth.customerId, auth.sessionId, req.body);
      return ok(null);
    },
  );
};
