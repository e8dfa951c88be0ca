import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboard } from '@storefront/contract/staff';
import type { Db } from '../../db/client.js';
import { staffRouteOptions } from '../../plugins/staff-auth.js';
import { ok } from '../../lib/reply.js';
import { readDashboard } from './dashboard.service.js';

/** Each route as the OpenAPI document describes it: its operationId and what it does (lib/reply.ts). */
const routeDocs = {
  adminGetDashboard:
    "The back office's front page: today's and tomorrow's paid orders by delivery window, orders awaiting payment, refunds owed or unsettled, failing mails and payment provider faults.",
};

export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db; now: () => Date }> = async (
  app,
  { db, now },
) => {
  const { allow } = staffRouteOptions(app, routeDocs);

  app.get(
    '/dashboard',
    allow('adminGetDashboard', ['owner', 'manager', 'support'], {}, dashboard),
    async () => ok(await readDashboard(db, now())),
  );
};
