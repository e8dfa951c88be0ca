import { describe, expect, it } from 'vitest';
import { oneAtATime } from './one-at-a-time.js';

describe('oneAtATime', () => {
  it('a call while a run is under way does nothing; the next after it ends runs again', async () => {
    let runs = 0;
    let finish = () => {};
    const job = oneAtATime(async () => {
      runs += 1;
      await new Promise<void>((resolve) => (finish = resolve));
    });
    const first = job();
    expect(await job()).toBe(false);
    expect(runs).toBe(1);
    finish();
    expect(await first).toBe(true);
    const third = job();
    expect(runs).toBe(2);
    finish();
    expect(await third).toBe(true);
  });

  it('a run that fails does not keep the next ones out', async () => {
    let runs = 0;
    const job = oneAtATime(async () => {
      runs += 1;
      if (runs === 1) throw new Error('provider down');
    });
    await expect(job()).rejects.toThrow('provider down');
    expect(await job()).toBe(true);
    expect(runs).toBe(2);
  });
});
