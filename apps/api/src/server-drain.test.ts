import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client.js';
import { startServer } from '../test/server-process.js';
import { openTestDatabase } from '../test/test-app.js';

const REQUESTS = 48;
const CONNECTIONS = 16;
const DRAIN_SECONDS = 10;

type Outcome = { status: number; code: number; at: number } | { error: string; at: number };

/** A sign-in with a wrong password: slow-ish (a real scrypt), answered 200 WRONG_CREDENTIALS. */
function signIn(base: string, agent: Agent, i: number): Promise<Outcome> {
  const body = JSON.stringify({ email: `nobody.${i}@drain.test`, password: 'not the password' });
  return new Promise((resolve) => {
    const req = request(
      `${base}/api/v1/login`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          const { code } = JSON.parse(text) as { code: number };
          resolve({ status: res.statusCode ?? 0, code, at: Date.now() });
        });
        res.on('error', (err: NodeJS.ErrnoException) =>
          resolve({ error: err.code ?? err.message, at: Date.now() }),
        );
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ error: err.code ?? err.message, at: Date.now() }),
    );
    req.end(body);
  });
}

/**
 * The real server process on PostgreSQL, told to stop in the middle of a burst over kept-alive connections.
 * PGlite lives inside one process and `npm start` is its only server, so this runs on PostgreSQL only.
 */
describe.runIf(process.env.TEST_DB === 'postgres')('a server told to stop (SIGTERM)', () => {
  let shared: Database & { url?: string };
  beforeAll(async () => {
    shared = await openTestDatabase();
  });
  afterAll(() => shared?.close());

  it('answers every request it accepted, takes no new connection, and exits 0 within DRAIN_SECONDS', async () => {
    if (!shared.url) throw new Error('no database url');
    const server = await startServer(shared.url, {
      SCRYPT_LOG_N: '15',
      AUTH_LIMIT_PER_ACCOUNT: '1000000',
      DRAIN_SECONDS: String(DRAIN_SECONDS),
    });
    const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    let answered = 0;
    let midBurst = () => {};
    const halfway = new Promise<void>((resolve) => (midBurst = resolve));
    const outcomes = Promise.all(
      Array.from({ length: REQUESTS }, (_, i) =>
        signIn(server.url, agent, i).then((outcome) => {
          if (++answered === CONNECTIONS / 2) midBurst();
          return outcome;
        }),
      ),
    );
    await halfway;
    const stoppedAt = Date.now();
    server.process.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const late = await fetch(`${server.url}/api/v1/health/live`).then(
      (res) => `answered ${res.status}`,
      (err: Error & { cause?: NodeJS.ErrnoException }) => err.cause?.code ?? err.message,
    );
    const results = await outcomes;
    await server.exited;
    const exitedAt = Date.now();
    agent.destroy();

    expect(late).toBe('ECONNREFUSED');
    // A request refused its connection was never accepted (a balancer sends it elsewhere); one accepted and then
    // dropped (ECONNRESET, "socket hang up") is what draining must never do.
    const dropped = results.filter((r) => 'error' in r && r.error !== 'ECONNREFUSED');
    expect(dropped).toEqual([]);
    const answers = results.filter((r) => 'status' in r);
    for (const a of answers) {
      expect([
        [200, 100102],
        [503, 100503],
      ]).toContainEqual([a.status, a.code]);
    }
    // The requests under way when it was told to stop were finished, not cut.
    expect(answers.filter((a) => a.status === 200 && a.at > stoppedAt).length).toBeGreaterThan(0);
    expect(server.process.exitCode).toBe(0);
    expect(exitedAt - stoppedAt).toBeLessThan(DRAIN_SECONDS * 1000);
  }, 90_000);
});
