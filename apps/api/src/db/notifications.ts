import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';

/**
 * What a listener is told: each payload sent on its channel, and whether it is hearing them. While `live` is false
 * notifications may be lost, so whoever trusts them must stop doing so until it is true again.
 */
export type NotificationHandlers = { message(payload: string): void; live(isLive: boolean): void };

export type Listener = {
  /** Resolves once every notification committed before the call has been handed to `message`. */
  sync(): Promise<void>;
  /** Whether notifications are being heard now (readiness reports a listener that is not). */
  isLive(): boolean;
  close(): Promise<void>;
};

/** The listening connection's application_name, so it can be told apart in pg_stat_activity. */
export const LISTENER_NAME = 'storefront-listener';
const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 5_000;
/** A connection that answers nothing for this long is treated as gone (a dropped network sends no FIN). */
const HEARTBEAT_MS = 5_000;
const HEARTBEAT_TIMEOUT_MS = 2_000;
const CLOSE_WAIT_MS = 2_000;

/**
 * LISTEN on a connection of its own (a pooled one could not keep it), reconnecting with backoff whenever the server
 * drops it or stops answering. PostgreSQL sends a notification when the transaction that made it commits.
 */
export async function listenPostgres(
  url: string,
  channel: string,
  handlers: NotificationHandlers,
): Promise<Listener> {
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = RETRY_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let live = false;
  // One statement at a time on the connection: a round trip sent after another still waits for it.
  let lastTrip: Promise<unknown> = Promise.resolve();

  const setLive = (value: boolean) => {
    if (live === value) return;
    live = value;
    handlers.live(value);
  };

  const drop = (c: pg.Client): Promise<void> => {
    if (client !== c) return Promise.resolve();
    client = undefined;
    setLive(false);
    c.removeAllListeners('notification');
    const ended = c.end().catch(() => undefined);
    if (closed) return ended;
    retryTimer = setTimeout(() => void connect(), retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    return ended;
  };

  async function connect(): Promise<void> {
    const c = new pg.Client({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
      application_name: LISTENER_NAME,
    });
    client = c;
    c.on('error', () => void drop(c));
    c.on('end', () => void drop(c));
    c.on('notification', (n) => {
      if (n.channel === channel) handlers.message(n.payload ?? '');
    });
    try {
      await c.connect();
      const listening = c.query(`LISTEN "${channel}"`);
      lastTrip = listening.catch(() => undefined);
      await listening;
      if (client !== c) return;
      retryMs = RETRY_MIN_MS;
      setLive(true);
    } catch {
      void drop(c);
    }
  }

  /** A round trip on the listening connection: the server hands over pending notifications before answering. */
  async function roundTrip(c: pg.Client, timeoutMs: number): Promise<void> {
    const trip = lastTrip.then(() => c.query('SELECT 1'));
    lastTrip = trip.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        trip,
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('no answer')), timeoutMs);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  const heartbeat = setInterval(() => {
    const c = client;
    if (c && live) roundTrip(c, HEARTBEAT_TIMEOUT_MS).catch(() => void drop(c));
  }, HEARTBEAT_MS);
  heartbeat.unref();

  await connect();
  return {
    async sync() {
      const c = client;
      if (c && live) await roundTrip(c, HEARTBEAT_TIMEOUT_MS).catch(() => drop(c));
    },
    isLive: () => live,
    async close() {
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(retryTimer);
      const c = client;
      // A server that stopped answering may never acknowledge the goodbye: closing does not wait for it long.
      if (c)
        await Promise.race([drop(c), new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())]);
    },
  };
}

/** PGlite is this process: it hands a notification over as the statement that committed it returns. */
export async function listenPglite(
  client: PGlite,
  channel: string,
  handlers: NotificationHandlers,
): Promise<Listener> {
  const unlisten = await client.listen(channel, (payload) => handlers.message(payload));
  handlers.live(true);
  let live = true;
  return {
    sync: () => Promise.resolve(),
    isLive: () => live,
    async close() {
      live = false;
      handlers.live(false);
      await unlisten().catch(() => undefined);
    },
  };
}
