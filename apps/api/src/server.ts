import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { loggerOptions } from './lib/log-redaction.js';
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
  const prune = repeat(
    () =>
      database.db
        .transaction((tx) => pruneExpired(tx, new Date()))
        .catch((err: unknown) => app.log.warn({ err }, 'pruning failed')),
    60 * 60 * 1000,
    { atOnce: true },
  );

  // Unpaid orders past their time are checked with their provider, then paid or cancelled, and refunds a provider
  // could not take are retried. Every process may run them: each order is decided under its row lock with a status
  // condition, and a refund's idempotency key makes the provider refund once.
  const paymentRounds = repeat(async () => {
    await app
      .expireUnpaidOrders()
      .catch((err: unknown) => app.log.warn({ err }, 'expiring unpaid orders failed'));
    await app.refundOwed().catch((err: unknown) => app.log.warn({ err }, 'retrying owed refunds failed'));
  }, 60 * 1000);

  // The weekly newsletter issue, checked every five minutes in every process: one of them writes it (its row is the
  // claim), and the outbox sends it.
  const newsletterRound = repeat(
    () =>
      app
        .writeNewsletterIssue()
        .then((issue) => issue && app.log.info(issue, 'newsletter issue written'))
        .catch((err: unknown) => app.log.warn({ err }, 'writing the newsletter issue failed')),
    5 * 60 * 1000,
    { atOnce: true },
  );

  // The outbox, every two seconds (sooner while there is a backlog); every process may run it (mail-worker.ts).
  const stopMail = app.mailWorker.start(2000);

  // Rounds stop taking new turns at once and end the turn under way (each order, mail or delete is its own
  // transaction, so a turn's end is a safe point). Fastify runs onClose hooks last-added first, after the server
  // has answered its last request: this one before the app's own, which let go of the mail transport and Redis.
  let roundsEnded: Promise<unknown> | undefined;
  const endRounds = () =>
    (roundsEnded ??= Promise.all([stopMail(), prune(), paymentRounds(), newsletterRound()]));
  app.addHook('onClose', async () => {
    await endRounds();
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    const drainMs = config.DRAIN_SECONDS * 1000;
    app.log.info({ signal, drainSeconds: config.DRAIN_SECONDS }, 'draining');
    // Past the limit, requests still at work are dropped; what is left to close gets a few seconds more.
    setTimeout(() => {
      app.log.warn('drain limit reached: closing the connections still open');
      app.server.closeAllConnections();
    }, drainMs).unref();
    setTimeout(() => process.exit(1), drainMs + 5_000).unref();
    void endRounds();
    // Closing stops the listener, closes idle kept-alive connections, answers ready 503 (plugins/health.ts) and
    // every other API request 503 in the envelope (app.ts), and resolves once the requests under way are answered.
    app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

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

/**
 * Runs `run` every `everyMs`, never two at once (a turn that outlasts the interval is not joined by the next: a
 * provider hanging until each call's timeout). The answer stops the timer and resolves when the turn under way ends.
 */
function repeat(run: () => Promise<unknown>, everyMs: number, { atOnce = false } = {}) {
  let turn: Promise<unknown> | undefined;
  const take = () => {
    turn ??= run().finally(() => {
      turn = undefined;
    });
  };
  if (atOnce) take();
  const timer = setInterval(take, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await turn;
  };
}

main().catch((err: unknown) => {
  console.error(err instanceof DatabaseNeverAnswered ? err.message : err);
  process.exit(1);
});
