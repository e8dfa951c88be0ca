import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { loggerOptions } from './lib/log-redaction.js';
import { oneAtATime } from './lib/one-at-a-time.js';
import { ADMIN_APP_PATH } from '@storefront/contract/staff';
import { DEMO_LOGIN } from './db/seed/demo.js';
import { DEMO_STAFF } from './db/seed/staff.js';
import { pruneExpired } from './maintenance.js';
import { seed } from './db/seed/index.js';
import { DatabaseNeverAnswered, untilDatabaseAnswers } from './db/until-database-answers.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const startedAt = performance.now();
  const database = await openDatabase(config, {
    onConnectionLost: (err) => console.warn(`database connection lost: ${err.message}`),
  });
  await untilDatabaseAnswers(
    () => database.migrate((db) => seed(db, { demo: config.SEED_DEMO, scryptLogN: config.SCRYPT_LOG_N })),
    {
      limitMs: config.DATABASE_WAIT_SECONDS * 1000,
      onWait: (err, retryInMs) =>
        console.warn(`waiting for the database (${err.message}); trying again in ${retryInMs / 1000} s`),
    },
  );

  const app = await buildApp({
    config,
    database,
    logger: loggerOptions(config.LOG_LEVEL),
  });

  // Hourly, and once at start. Every process may run it: the deletes are idempotent. In a transaction, so on a
  // pooled connection: a long delete would hold up the statements behind it down a pipeline (db/pipeline.ts).
  const prune = () =>
    database.db
      .transaction((tx) => pruneExpired(tx, new Date()))
      .catch((err: unknown) => app.log.warn({ err }, 'pruning failed'));
  void prune();
  setInterval(() => void prune(), 60 * 60 * 1000).unref();

  // Unpaid orders past their time are checked with their provider, then paid or cancelled, and refunds a provider
  // could not take are retried. Every process may run them: each order is decided under its row lock with a status
  // condition, and a refund's idempotency key makes the provider refund once.
  // A round that outlasts the minute (a provider hanging until each call's timeout) is not joined by the next.
  const paymentRounds = oneAtATime(async () => {
    await app
      .expireUnpaidOrders()
      .catch((err: unknown) => app.log.warn({ err }, 'expiring unpaid orders failed'));
    await app.refundOwed().catch((err: unknown) => app.log.warn({ err }, 'retrying owed refunds failed'));
  });
  setInterval(() => void paymentRounds(), 60 * 1000).unref();

  // The weekly newsletter issue, checked every five minutes in every process: one of them writes it (its row is the
  // claim), and the outbox sends it.
  const newsletterRound = oneAtATime(async () => {
    await app
      .writeNewsletterIssue()
      .then((issue) => issue && app.log.info(issue, 'newsletter issue written'))
      .catch((err: unknown) => app.log.warn({ err }, 'writing the newsletter issue failed'));
  });
  void newsletterRound();
  setInterval(() => void newsletterRound(), 5 * 60 * 1000).unref();

  // The outbox, every two seconds (sooner while there is a backlog); every process may run it (mail-worker.ts).
  const stopMail = app.mailWorker.start(2000);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await stopMail();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const where = database.kind === 'pglite' ? `embedded database in ${config.DATA_DIR}` : 'PostgreSQL';
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  console.log(`\nStorefront ready in ${seconds}s on ${where}`);
  console.log(`  Store:   http://localhost:${port}/`);
  console.log(`  Back office: http://localhost:${port}${ADMIN_APP_PATH}/`);
  console.log(`  API:     http://localhost:${port}/api/v1   (docs: http://localhost:${port}/api/docs)`);
  if (!config.mail.smtpUrl) console.log(`  Mail:    kept in ${config.mail.mailboxDir} (no SMTP_URL)`);
  if (config.SEED_DEMO) {
    console.log(`  Demo login: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`);
    for (const m of DEMO_STAFF) console.log(`  Back office (${m.role}): ${m.email} / ${m.password}`);
    console.log('');
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof DatabaseNeverAnswered ? err.message : err);
  process.exit(1);
});
