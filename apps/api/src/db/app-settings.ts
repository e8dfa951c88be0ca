import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from './client.js';
import { appSettings } from './schema/index.js';

const SIGNING_SECRET_KEY = 'signing_secret';

/**
 * The secret that signs links and device cookies: APP_SECRET when configured, else one generated on first start
 * and kept in the database, so every API process on that database signs alike and links survive restarts.
 */
export async function loadSigningSecret(db: Executor, configured?: string): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSettings)
    .values({ key: SIGNING_SECRET_KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, SIGNING_SECRET_KEY));
  if (!row) throw new Error('the signing secret could not be stored');
  return row.value;
}
