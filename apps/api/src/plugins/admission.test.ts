import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import admissionPlugin from './admission.js';

/** Counts turns of the event loop: one step per check phase. */
function turnCounter() {
  let turn = 0;
  let timer = setImmediate(function step() {
    turn += 1;
    timer = setImmediate(step);
  });
  return { now: () => turn, stop: () => clearImmediate(timer) };
}

describe('admission', () => {
  const stops: (() => void)[] = [];
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
  });

  async function appWith(concurrency: number, work: (n: number) => Promise<void> | void) {
    const app = Fastify();
    await app.register(admissionPlugin, { concurrency, skip: (url) => url === '/api/health' });
    app.get<{ Params: { n: string } }>('/api/work/:n', async (req) => {
      await work(Number(req.params.n));
      return { ok: true };
    });
    app.get('/api/health', async () => ({ ok: true }));
    stops.push(() => void app.close());
    return app;
  }

  it('lets requests in by arrival, at most `concurrency` per turn of the event loop', async () => {
    const turns = turnCounter();
    stops.push(turns.stop);
    const started: { n: number; turn: number }[] = [];
    // Work done in microtasks, as the embedded database answers: it ends in the turn it started.
    const app = await appWith(2, (n) => {
      started.push({ n, turn: turns.now() });
    });
    const answers = await Promise.all(Array.from({ length: 9 }, (_, n) => app.inject(`/api/work/${n}`)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(9).fill(200));
    expect(started.map((s) => s.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    const perTurn = new Map<number, number>();
    for (const { turn } of started) perTurn.set(turn, (perTurn.get(turn) ?? 0) + 1);
    expect(Math.max(...perTurn.values())).toBe(2);
    expect(perTurn.size).toBeGreaterThanOrEqual(5);
  });

  it('never has more than `concurrency` requests working at once, and a finished one lets the next in', async () => {
    let working = 0;
    let most = 0;
    const app = await appWith(3, async () => {
      working += 1;
      most = Math.max(most, working);
      await new Promise((resolve) => setTimeout(resolve, 5));
      working -= 1;
    });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, n) => app.inject(`/api/work/${n}`)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(most).toBe(3);
  });

  it('skips what it is told to skip, even while every place is taken', async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const app = await appWith(1, () => held);
    const busy = app.inject('/api/work/1');
    const health = await app.inject('/api/health');
    expect(health.statusCode).toBe(200);
    release();
    expect((await busy).statusCode).toBe(200);
  });
});
