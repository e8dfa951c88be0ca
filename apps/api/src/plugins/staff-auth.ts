import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { StaffRole } from '@storefront/contract/staff';
import { AppError } from '../lib/app-error.js';
import { clientIp, describeRoute, replies, type RouteDocs } from '../lib/reply.js';
import type { Actor } from '../modules/audit/audit.service.js';
import type { StaffAuth, StaffService } from '../modules/staff/staff.service.js';

/** A staff route as the role table lists it (README, "Staff roles"; the role matrix test calls each). */
export type StaffRouteEntry = { method: string; url: string; roles: readonly StaffRole[] | 'open' };

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook of staff routes: a live staff session whose role the route allows. */
    requireStaff: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Every staff route with the roles it allows, as declared. */
    staffRouteTable: () => readonly StaffRouteEntry[];
  }
  interface FastifyRequest {
    staffAuth: StaffAuth | null;
  }
  interface FastifyContextConfig {
    /** The roles a staff route allows; declared with the route (`staffRouteOptions`). */
    staffRoles?: readonly StaffRole[];
    /** A write open before two-factor is set up: setting it up, the member's own password, signing out. */
    beforeMfa?: boolean;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;
const READS = new Set(['GET', 'HEAD']);

/** The signed-in staff member of a route guarded by requireStaff. */
export function staffAuthOf(req: FastifyRequest): StaffAuth {
  if (!req.staffAuth) throw new AppError('NOT_SIGNED_IN');
  return req.staffAuth;
}

/** Who makes the request's change, as its audit entry records them. */
export function actorOf(req: FastifyRequest): Actor {
  const { member } = staffAuthOf(req);
  return { staffId: member.id, role: member.role, requestId: req.id, ip: clientIp(req) };
}

type RouteInputs = { body?: z.ZodType; querystring?: z.ZodType; params?: z.ZodType };

/**
 * Route options of the staff API, where each route declares its id (described in `docs`, as `routeOptions`) and the
 * roles it allows: the one place the role table is written (the README's table, the role matrix test and the
 * OpenAPI description are read from it).
 */
export function staffRouteOptions<Docs extends RouteDocs>(app: FastifyInstance, docs: Docs) {
  type Id = keyof Docs & string;
  const tags = ['staff'];
  return {
    open: <I extends RouteInputs, D extends z.ZodType>(id: Id, inputs: I, data: D) => ({
      schema: {
        ...describeRoute(docs, id),
        tags,
        ...inputs,
        response: { ...replies(data), 403: replies(data)[401] },
      },
    }),
    allow: <I extends RouteInputs, D extends z.ZodType>(
      id: Id,
      roles: readonly StaffRole[],
      inputs: I,
      data: D,
      { beforeMfa = false }: { beforeMfa?: boolean } = {},
    ) => ({
      onRequest: app.requireStaff,
      config: { staffRoles: roles, beforeMfa },
      schema: {
        operationId: id,
        description: `${docs[id]} Roles: ${roles.join(', ')}.`,
        tags,
        security: [{ staffBearer: [] }],
        ...inputs,
        response: { ...replies(data), 403: replies(data)[401] },
      },
    }),
  };
}

export default fp(
  async function staffAuthPlugin(app: FastifyInstance, opts: { staff: StaffService; prefix: string }) {
    app.decorateRequest('staffAuth', null);
    const table: StaffRouteEntry[] = [];
    app.decorate('staffRouteTable', () => table);
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith(opts.prefix) || route.method === 'HEAD') return;
      for (const method of [route.method].flat())
        table.push({ method, url: route.url, roles: route.config?.staffRoles ?? 'open' });
    });

    // As for customers (plugins/auth.ts): the rate limiter's hook runs first, so requests with a bad token count too.
    app.addHook('onRoute', (route) => {
      if (!Array.isArray(route.onRequest) || !route.onRequest.includes(app.requireStaff)) return;
      route.onRequest = [...route.onRequest.filter((h) => h !== app.requireStaff), app.requireStaff];
    });

    app.decorate('requireStaff', async (req: FastifyRequest) => {
      const token = BEARER.exec(req.headers.authorization ?? '')?.[1];
      const auth = token ? await opts.staff.authenticate(token) : null;
      if (!auth) throw new AppError('NOT_SIGNED_IN', 'Your session has ended. Please sign in again.');
      req.staffAuth = auth;
      const { staffRoles = [], beforeMfa = false } = req.routeOptions.config;
      if (!staffRoles.includes(auth.member.role)) throw new AppError('FORBIDDEN');
      if (!READS.has(req.method) && !beforeMfa && opts.staff.mustEnrolMfa(auth.member))
        throw new AppError('STAFF_MFA_REQUIRED');
    });
  },
  { name: 'staff-auth' },
);
