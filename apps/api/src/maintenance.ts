import type { Executor } from './db/client.js';
import { deleteAccountTokensEndedBefore } from './modules/account/account-token.repo.js';
import { deleteSessionsEndedBefore } from './modules/account/account.repo.js';
import { deleteSentMailsBefore } from './modules/mail/outbox.repo.js';
import { pruneKeys } from './modules/idempotency/idempotency.repo.js';
import { deleteWindowsBefore } from './modules/throttle/throttle.repo.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes what can no longer matter: throttle windows older than a day and sessions that ended (expired or
 * revoked) over a week ago, kept a while so "recent sign-ins" and support questions still have them; and
 * Idempotency-Keys past two days (a client may retry with one for at least 24 hours); mailed links a day after they
 * ended, and sent mails after 30 days (kept for "did you send it?" questions).
 */
export async function pruneExpired(db: Executor, now: Date): Promise<void> {
  await deleteWindowsBefore(db, new Date(now.getTime() - DAY_MS));
  await deleteSessionsEndedBefore(db, new Date(now.getTime() - 7 * DAY_MS));
  await pruneKeys(db, new Date(now.getTime() - 2 * DAY_MS));
  await deleteAccountTokensEndedBefore(db, new Date(now.getTime() - DAY_MS));
  await deleteSentMailsBefore(db, new Date(now.getTime() - 30 * DAY_MS));
}
