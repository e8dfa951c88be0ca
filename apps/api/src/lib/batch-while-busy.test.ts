import { describe, expect, it } from 'vitest';
import { batchWhileBusy } from './batch-while-busy.js';

type Item = { key: number; value: string };

/** A batcher whose batches wait until the test lets them finish; it records every batch it was given. */
function heldBatcher(slots: number, maxBatch = 10) {
  const batches: Item[][] = [];
  const finish: Array<() => void> = [];
  const call = batchWhileBusy<Item, string>({
    keyOf: (item) => item.key,
    maxBatch,
    slots,
    run: async (items) => {
      batches.push(items);
      await new Promise<void>((resolve) => finish.push(resolve));
      return items.map((item) => ({ status: 'fulfilled', value: item.value.toUpperCase() }));
    },
  });
  return { call, batches, finishNext: () => finish.shift()?.() };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));
const item = (key: number, value = `v${key}`): Item => ({ key, value });

describe('batchWhileBusy', () => {
  it('runs a call at once, alone, while a slot is free', async () => {
    const { call, batches, finishNext } = heldBatcher(2);
    const answer = call(item(1));
    expect(batches).toEqual([[item(1)]]);
    finishNext();
    expect(await answer).toBe('V1');
  });

  it('sends the calls that came while every slot was busy as one batch when a slot frees', async () => {
    const { call, batches, finishNext } = heldBatcher(1);
    const answers = [1, 2, 3, 4].map((key) => call(item(key)));
    expect(batches).toEqual([[item(1)]]);
    finishNext();
    await settle();
    expect(batches).toEqual([[item(1)], [item(2), item(3), item(4)]]);
    finishNext();
    expect(await Promise.all(answers)).toEqual(['V1', 'V2', 'V3', 'V4']);
  });

  it('never puts two calls of one key in a batch, nor runs them in two batches at once', async () => {
    const { call, batches, finishNext } = heldBatcher(2);
    const answers = [call(item(1, 'a')), call(item(1, 'b')), call(item(2)), call(item(1, 'c'))];
    // The second slot takes key 2; key 1's later calls wait for its first to finish.
    expect(batches).toEqual([[item(1, 'a')], [item(2)]]);
    finishNext();
    await settle();
    expect(batches[2]).toEqual([item(1, 'b')]);
    finishNext();
    finishNext();
    await settle();
    expect(batches[3]).toEqual([item(1, 'c')]);
    finishNext();
    expect(await Promise.all(answers)).toEqual(['A', 'B', 'V2', 'C']);
  });

  it('keeps a batch to its largest size and sends the rest next', async () => {
    const { call, batches, finishNext } = heldBatcher(1, 2);
    const answers = [1, 2, 3, 4, 5].map((key) => call(item(key)));
    finishNext();
    await settle();
    expect(batches.map((b) => b.map((i) => i.key))).toEqual([[1], [2, 3]]);
    finishNext();
    await settle();
    expect(batches.map((b) => b.map((i) => i.key))).toEqual([[1], [2, 3], [4, 5]]);
    finishNext();
    expect(await Promise.all(answers)).toHaveLength(5);
  });

  it("answers each call with its own outcome, and fails a whole batch's calls when the batch fails", async () => {
    let failWhole = false;
    const call = batchWhileBusy<Item, string>({
      keyOf: (i) => i.key,
      maxBatch: 10,
      slots: 1,
      run: async (items) => {
        if (failWhole) throw new Error('the database is down');
        return items.map((i) =>
          i.value === 'bad'
            ? { status: 'rejected', reason: new Error(`refused ${i.key}`) }
            : { status: 'fulfilled', value: i.value },
        );
      },
    });
    const outcomes = await Promise.allSettled([call(item(1)), call(item(2, 'bad')), call(item(3))]);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual([
      'v1',
      'refused 2',
      'v3',
    ]);
    failWhole = true;
    const failed = await Promise.allSettled([call(item(4)), call(item(5))]);
    expect(failed.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    // A failed batch frees its slot and its keys: the next calls run.
    failWhole = false;
    expect(await call(item(4))).toBe('v4');
  });
});
