import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';

/** Delivery window templates and closures (staff). */
export const deliveryAdminRoutes: FastifyPluginAsyncZod<{ db: Db; now: () => Date }> = async () => {};
