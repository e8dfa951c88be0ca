import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { serializeParametersAsText } from './pglite-serializers-shim.js';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index.js';
import { listenPglite, listenPostgres, type Listener, type NotificationHandlers } from './notifications.js';
import { LOCK_NOT_AVAILABLE, openPipeline, type PipelineLane } from './pipeline.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either the database or an open transaction. */
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs migrations and the given set-up under one lock, so parallel starts on one server don't race. */
  migrate(afterMigrate?: (db: Db) => Promise<void>): Promise<void>;
  /** Hears the NOTIFYs sent on `channel` (db/notifications.ts). */
  listen(channel: string, handlers: NotificationHandlers): Promise<Listener>;
  /** PostgreSQL: how many pipelined connections are up (db/pipeline.ts). */
  pipelinesUp?(): number;
  /** PostgreSQL: the pool's connections now, as pg.Pool counts them (the embedded database has one, no pool). */
  poolStats?(): { inUse: number; idle: number; waiting: number };
  close(): Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const MIGRATION_LOCK_ID = 7_310_042;

/** Told the text of every statement the app sends (transaction control included); tests and the bench count them. */
export type OnStatement = (sql: string) => void;

function statementLogger(onStatement: OnStatement | undefined) {
  return onStatement ? { logQuery: (query: string) => onStatement(query) } : undefined;
}

export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob; onStatement?: OnStatement } = {},
): Promise<Database & { dump(): Promise<Blob> }> {
  const client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  serializeParametersAsText(client);
  const db = drizzlePglite(client, { schema, logger: statementLogger(options.onStatement) });
  return {
    db,
    kind: 'pglite',
    async migrate(afterMigrate) {
      // PGlite is in-process and single-connection: nothing else can race us here.
      await migratePglite(db, { migrationsFolder });
      await afterMigrate?.(db);
    },
    listen: (channel, handlers) => listenPglite(client, channel, handlers),
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

export type PostgresOptions = {
  poolSize?: number;
  /** Pipelined connections for statements outside transactions (db/pipeline.ts); 0 sends them to the pool. */
  pipelines?: number;
  /** Told about each connection the server dropped; the pool replaces it on the next checkout. */
  onConnectionLost?: (err: Error) => void;
  onStatement?: OnStatement;
};

type InOrder = <T>(run: (exec: Db) => Promise<T>) => Promise<T>;
const inOrderRunners = new WeakMap<Db, InOrder>();

/**
 * Runs statements that must run in the order asked for, outside a transaction, in one round trip: a write and the
 * read of what it left, say. On PostgreSQL they go down one pipelined connection together, each run after the one
 * before has finished; elsewhere (PGlite) statements run in order anyway. A statement that gives up waiting for a
 * row lock there is run again on the pool, after those behind it: a read sent with a write must not take its
 * answer for granted. Statements leave in the order they are sent: a builder sends when `.execute()` is called (a
 * builder only awaited sends a microtask later, behind one called after it). Statements only: no transaction.
 */
export function inOrder<T>(db: Db, run: (exec: Db) => Promise<T>): Promise<T> {
  const runner = inOrderRunners.get(db);
  return runner ? runner(run) : run(db);
}

/** The pooled connection each PostgreSQL transaction runs on; see `connectionOf`. */
const transactionConnections = new WeakMap<Executor, pg.PoolClient>();

const DEFAULT_PIPELINES = 2;
/** How long a statement down a pipeline waits for a row lock before it is run again on the pool instead. */
const PIPELINE_LOCK_TIMEOUT_MS = 100;

/**
 * What a query built for `exec` can be reused on: a transaction's pooled connection (a node-postgres prepared
 * query holds the connection, not the transaction, so it serves every later transaction on that connection),
 * else `exec` itself (the pool, PGlite and its transactions).
 */
export function connectionOf(exec: Executor): object {
  return transactionConnections.get(exec) ?? exec;
}

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  const onConnectionLost = options.onConnectionLost ?? (() => undefined);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    // A transaction sends the statements it asks for together without waiting for each answer (transactionClient).
    pipeline: true,
    // While the server is away, a request waits at most this long for a connection, then answers 503.
    connectionTimeoutMillis: 5_000,
  });
  // Every client, idle or checked out, needs an error listener: pg emits 'error' on a client whose connection the
  // server drops (a restart, pg_terminate_backend), and an unheard 'error' event ends the process. The query that
  // was running fails on its own and the request answers 503.
  pool.on('error', onConnectionLost);
  pool.on('connect', (client) => client.on('error', onConnectionLost));

  const pipeline = openPipeline(url, {
    connections: options.pipelines ?? DEFAULT_PIPELINES,
    lockTimeoutMs: PIPELINE_LOCK_TIMEOUT_MS,
    onConnectionLost,
  });
  // Usually done while the pool opens its first connection; a server that is away does not hold up the start.
  await pipeline.started;
  const poolQuery = (config: pg.QueryConfig, values?: unknown[]) => pool.query(config, values);
  // What Drizzle sends outside a transaction: down a pipeline while one is up, else on the pool; a statement that
  // gave up waiting for a lock there is run again on the pool. Drizzle only calls `query` on it.
  const sentDown = (
    send: (config: pg.QueryConfig, values?: unknown[]) => Promise<pg.QueryResult> | undefined,
  ) =>
    Object.create(pool, {
      query: {
        value: (config: pg.QueryConfig, values?: unknown[]) =>
          send(config, values)?.catch((err: unknown) => {
            if (pgErrorCode(err) === LOCK_NOT_AVAILABLE) return poolQuery(config, values);
            throw err;
          }) ?? poolQuery(config, values),
      },
    }) as pg.Pool;

  const logger = statementLogger(options.onStatement);
  const db = drizzlePg(sentDown(pipeline.query), { schema, logger });
  const laneDbs = new WeakMap<PipelineLane, Db>();
  inOrderRunners.set(db, (run) => {
    const lane = pipeline.lane();
    if (!lane) return run(db);
    let laneDb = laneDbs.get(lane);
    if (!laneDb) {
      laneDb = drizzlePg(sentDown(lane.send), { schema, logger });
      laneDbs.set(lane, laneDb);
    }
    return run(laneDb);
  });
  const onClient = new WeakMap<pg.PoolClient, NodePgDatabase<Schema>>();
  // Drizzle checks a client out for a transaction but does not release it when `begin` itself fails, so each
  // dropped connection would leak a pool slot until none were left. Run each transaction on a client we check
  // out and always give back (discarding it when its connection is gone).
  const once: typeof db.transaction = async (run, config) => {
    const client = await pool.connect();
    let lost: Error | undefined;
    try {
      let clientDb = onClient.get(client);
      if (!clientDb) {
        clientDb = drizzlePg(client, { schema, logger });
        onClient.set(client, clientDb);
      }
      return await clientDb.transaction((tx) => {
        transactionConnections.set(tx, client);
        return run(tx);
      }, config);
    } catch (err) {
      if (isDatabaseUnavailable(err)) lost = err instanceof Error ? err : new Error('connection lost');
      throw err;
    } finally {
      client.release(lost);
    }
  };
  db.transaction = (run, config) => retryingConflicts(() => once(run, config));

  return {
    db,
    kind: 'postgres',
    async migrate(afterMigrate) {
      const conn = await pool.connect();
      try {
        await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        const locked = drizzlePg(conn, { schema });
        await migratePg(locked, { migrationsFolder });
        await afterMigrate?.(locked);
      } finally {
        await conn.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
        conn.release();
      }
    },
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
    pipelinesUp: () => pipeline.live(),
    poolStats: () => ({
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    async close() {
      await pipeline.close();
      await pool.end();
    },
  };
}

export function openDatabase(
  cfg: { DATABASE_URL?: string; DATA_DIR: string },
  options: PostgresOptions = {},
): Promise<Database> {
  return cfg.DATABASE_URL ? openPostgres(cfg.DATABASE_URL, options) : openPglite({ dataDir: cfg.DATA_DIR });
}

/** Postgres error code of a failed query, looking through Drizzle's wrapper. */
export function pgErrorCode(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';

/** SQLSTATEs of a server that is going away, restarting or refusing connections (classes 08 and 57P, 53300). */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed|terminating connection)/;

/** The rows of a raw `db.execute`, on either driver (both answer `{ rows }`). */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The name of the constraint a statement broke (its own, or one a trigger raised in its name), if that is why it failed. */
export function violatedConstraint(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { constraint } = e as { constraint?: unknown };
    if (typeof constraint === 'string') return constraint;
  }
  return undefined;
}

/** Runs of a transaction PostgreSQL broke off for running into another, before the conflict reaches the caller. */
export const TRANSACTION_ATTEMPTS = 3;

/**
 * Runs a transaction again when PostgreSQL broke it off for running into another (`isTransactionConflict`): it
 * wrote nothing, and run again a moment later, after the other has finished, it normally goes through. The wait
 * is random so two transactions that met do not meet again. A transaction's work is its statements (provider calls
 * and sending mail happen outside one), so running it again is safe. After the last attempt the conflict is thrown:
 * the request answers 503 with Retry-After (plugins/errors.ts).
 */
export async function retryingConflicts<T>(
  run: () => Promise<T>,
  wait = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt)),
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= TRANSACTION_ATTEMPTS || !isTransactionConflict(err)) throw err;
      await wait(attempt);
    }
  }
}

/**
 * True when PostgreSQL broke off a transaction because it ran into another (a deadlock, a serialization failure):
 * nothing of it was written, and the same request sent again normally goes through.
 */
export function isTransactionConflict(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code } = e as { code?: unknown };
    if (code === '40P01' || code === '40001') return true;
  }
  return false;
}

/** True when a query failed because the database could not be reached, not because of the query. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SOCKET_CODES.has(code))) {
      return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  }
  return false;
}
