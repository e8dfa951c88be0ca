import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client.js';

/** CSV import and export of products (README, "Product CSV"). */
export const productImportRoutes: FastifyPluginAsyncZod<{ db: Db; now: () => Date }> = async () => {};
