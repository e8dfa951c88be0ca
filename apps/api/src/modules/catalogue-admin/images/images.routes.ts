import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client.js';

/** Product image upload (staff). */
export const productImageRoutes: FastifyPluginAsyncZod<{
  db: Db;
  now: () => Date;
  dataDir: string;
}> = async () => {};
