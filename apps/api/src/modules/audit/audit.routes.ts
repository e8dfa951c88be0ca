import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditList, auditQuery } from '@storefront/contract/staff';
import type { Db } from '../../db/client.js';
import { staffRouteOptions } from '../../plugins/staff-auth.js';
import { ok } from '../../lib/reply.js';
import { listAudit } from './audit.service.js';

/** Each route as the OpenAPI document describes it: its operationId and what it does (lib/reply.ts). */
const routeDocs = {
  adminListAuditLog:
    'The audit log of staff changes, newest first, a page at a time; filtered by member and by what was changed when asked.',
};

/** The audit log, newest first; nothing here or anywhere changes an entry. */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const { allow } = staffRouteOptions(app, routeDocs);

  app.get(
    '/audit',
    allow('adminListAuditLog', ['owner', 'manager'], { querystring: auditQuery }, auditList),
    async (req) => ok(await listAudit(db, req.query)),
  );
};
