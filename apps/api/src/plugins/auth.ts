import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserInfo } from '@storefront/contract/account';
import { AppError } from '../lib/app-error.js';

/** The signed-in customer, as the session lookup read them, and the session their token belongs to. */
export type AuthContext = { customerId: number; sessionId: number; expiresAt: Date; customer: UserInfo };

export type Authenticated = { auth: AuthContext; renewedToken?: string };

/** What this plugin needs from the account module: a bearer token resolved to its session, renewed when due. */
export interface SessionAuthenticator {
  authenticate(token: string): Promise<Authenticated | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: the request must carry a live bearer token. */
    requireAuth: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook: a bearer token is read when present; a bad one still ends the session with 401. */
    optionalAuth: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

/** The signed-in customer of a route guarded by requireAuth. */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new AppError('NOT_SIGNED_IN');
  return req.auth;
}

/** The signed-in customer's id, the one every customer-data query is scoped to. */
export function customerIdOf(req: FastifyRequest): number {
  return authOf(req).customerId;
}

/** Sends a newly issued token the way the browser expects: raw, in the Authorization response header. */
export function sendToken(reply: FastifyReply, token: string): void {
  reply.header('authorization', token);
}

export default fp(
  async function authPlugin(app: FastifyInstance, opts: { sessions: SessionAuthenticator }) {
    app.decorateRequest('auth', null);

    async function resolve(req: FastifyRequest, reply: FastifyReply, required: boolean): Promise<void> {
      const header = req.headers.authorization;
      if (!header) {
        if (required) throw new AppError('NOT_SIGNED_IN');
        return;
      }
      const token = BEARER.exec(header)?.[1];
      const result = token ? await opts.sessions.authenticate(token) : null;
      if (!result) throw new AppError('NOT_SIGNED_IN', 'Your session has ended. Please sign in again.');
      req.auth = result.auth;
      if (result.renewedToken) sendToken(reply, result.renewedToken);
    }

    app.decorate('requireAuth', (req: FastifyRequest, reply: FastifyReply) => resolve(req, reply, true));
    app.decorate('optionalAuth', (req: FastifyRequest, reply: FastifyReply) => resolve(req, reply, false));

    // The rate limiter adds itself after a route's own onRequest hooks; move the token check behind it, so requests
    // with no token or a bad one are counted too (registered after the limiter, so this hook sees its handler).
    const authHooks: unknown[] = [app.requireAuth, app.optionalAuth];
    app.addHook('onRoute', (route) => {
      if (!Array.isArray(route.onRequest)) return;
      const hooks = route.onRequest;
      route.onRequest = [
        ...hooks.filter((h) => !authHooks.includes(h)),
        ...hooks.filter((h) => authHooks.includes(h)),
      ];
    });
  },
  { name: 'auth' },
);
