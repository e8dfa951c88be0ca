import { z } from 'zod';

const databaseKind = z.enum(['pglite', 'postgres']);

export const health = z.object({ status: z.literal('ok'), database: databaseKind });
export type Health = z.infer<typeof health>;

/** `/health/live`: the process answers. */
export const liveness = z.object({ status: z.literal('live') });
export type Liveness = z.infer<typeof liveness>;

/**
 * `/health/ready`: the database answers, its migrations are those of this build, and the notification listeners
 * hear. Otherwise 503 NOT_READY, whose message names what is not ready.
 */
export const readiness = z.object({ status: z.literal('ready'), database: databaseKind });
export type Readiness = z.infer<typeof readiness>;
