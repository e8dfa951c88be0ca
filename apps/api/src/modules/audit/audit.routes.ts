import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditList, auditQuery } from '@storefront/contract/staff';
import type { Db } from '../../db/client.js';
import { staffRouteOptions } from '../../plugins/staff-auth.js';
import { ok } from '../../lib/reply.js';
import { listAudit } from './audit.service.js';

/** The audit log, newest first; nothing here or anywhere changes an entry. */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const { allow } = staffRouteOptions(app);

  app.get('/audit', allow(['owner', 'manager'], { querystring: auditQuery }, auditList), async (req) =>
    ok(await listAudit(db, req.query)),
  );
};
