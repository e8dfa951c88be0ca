import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';

/** Coupons and gift vouchers (staff). */
export const offersAdminRoutes: FastifyPluginAsyncZod<{ db: Db; now: () => Date }> = async () => {};
