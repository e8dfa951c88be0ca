import pg from 'pg';

/**
 * A few PostgreSQL connections in node-postgres's pipeline mode, shared by every statement that runs on its own
 * (outside a transaction): each is written as soon as it is asked for, without waiting for the answers before it,
 * and the server answers them in order. A pooled connection carries one statement per round trip and the server
 * process behind it is woken for each; down a pipeline it finds the next ones already waiting, which halves the
 * CPU a small read costs the API and the server (bench/README.md). Transactions never come here: they keep a
 * pooled connection of their own.
 *
 * The price is that a statement waits for the ones ahead of it. What could hold one up for long is a row lock, so
 * these connections run with a short `lock_timeout`, and a statement that hits it is run again on the pool, where
 * it waits for the lock without holding anyone up (it failed, so it changed nothing). A connection the server drops
 * fails the statements it carried, as a pooled one would (503), and is replaced in the background; while none is
 * up, statements go to the pool.
 */
export type Pipeline = {
  /** Runs the statement down the least busy pipeline; undefined when none is up. */
  query(config: pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> | undefined;
  /**
   * The least busy pipeline, for statements that must run in the order they are asked for: sent down one
   * connection, each runs after the one before it has finished. Undefined when none is up.
   */
  lane(): PipelineLane | undefined;
  /** Connections up now. */
  live(): number;
  /** Resolves once the first connection attempts have each succeeded or failed. */
  started: Promise<void>;
  close(): Promise<void>;
};

export type PipelineOptions = {
  connections: number;
  lockTimeoutMs: number;
  onConnectionLost: (err: Error) => void;
};

/** SQLSTATE lock_not_available: the statement gave up waiting for a lock and changed nothing. */
export const LOCK_NOT_AVAILABLE = '55P03';
/** How the pipelined connections name themselves to the server (`pg_stat_activity.application_name`). */
export const PIPELINE_APPLICATION_NAME = 'storefront pipeline';
const CONNECT_TIMEOUT_MS = 5_000;
const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5_000;

export type PipelineLane = { send(config: pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> };
type Lane = PipelineLane & { client: pg.Client; inFlight: number };

export function openPipeline(url: string, options: PipelineOptions): Pipeline {
  const lanes: Lane[] = [];
  const clients = new Set<pg.Client>();
  let closed = false;

  const connect = (delayMs: number): Promise<void> => {
    if (closed) return Promise.resolve();
    const client = new pg.Client({
      connectionString: url,
      pipeline: true,
      application_name: PIPELINE_APPLICATION_NAME,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      options: `-c lock_timeout=${options.lockTimeoutMs}`,
    });
    clients.add(client);
    let up = false;
    const down = (err?: Error): void => {
      const at = lanes.findIndex((lane) => lane.client === client);
      if (at >= 0) lanes.splice(at, 1);
      if (!clients.delete(client)) return;
      if (err) options.onConnectionLost(err);
      if (closed) return;
      const retry = () => void connect(up ? RECONNECT_FIRST_MS : nextDelay(delayMs));
      setTimeout(retry, up ? 0 : delayMs).unref();
    };
    client.on('error', (err) => down(err));
    client.on('end', () => down());
    return client.connect().then(
      () => {
        if (closed || !clients.has(client)) return void client.end().catch(() => undefined);
        up = true;
        lanes.push(laneOf(client));
      },
      (err: unknown) => down(err instanceof Error ? err : new Error(String(err))),
    );
  };

  const started = Promise.all(
    Array.from({ length: options.connections }, () => connect(RECONNECT_FIRST_MS)),
  ).then(() => undefined);

  const leastBusy = (): Lane | undefined => {
    let lane: Lane | undefined;
    for (const candidate of lanes) if (!lane || candidate.inFlight < lane.inFlight) lane = candidate;
    return lane;
  };

  return {
    query: (config, values) => leastBusy()?.send(config, values),
    lane: leastBusy,
    live: () => lanes.length,
    started,
    async close() {
      closed = true;
      lanes.length = 0;
      await Promise.all([...clients].map((client) => client.end().catch(() => undefined)));
      clients.clear();
    },
  };
}

function laneOf(client: pg.Client): Lane {
  const lane: Lane = {
    client,
    inFlight: 0,
    send(config, values) {
      lane.inFlight += 1;
      const done = () => {
        lane.inFlight -= 1;
      };
      const result = client.query(config, values);
      result.then(done, done);
      return result;
    },
  };
  return lane;
}

function nextDelay(ms: number): number {
  return Math.min(ms * 2, RECONNECT_MAX_MS);
}
