import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';

/** Products and their stock, as staff keep them. */
export const catalogueAdminRoutes: FastifyPluginAsyncZod<{ db: Db; now: () => Date }> = async () => {};
