import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboard } from '@storefront/contract/staff';
import type { Db } from '../../db/client.js';
import { staffRouteOptions } from '../../plugins/staff-auth.js';
import { ok } from '../../lib/reply.js';
import { readDashboard } from './dashboard.service.js';

export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db; now: () => Date }> = async (
  app,
  { db, now },
) => {
  const { allow } = staffRouteOptions(app);

  app.get('/dashboard', allow(['owner', 'manager', 'support'], {}, dashboard), async () =>
    ok(await readDashboard(db, now())),
  );
};
