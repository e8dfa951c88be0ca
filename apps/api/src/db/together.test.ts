import { describe, expect, it } from 'vitest';
import { together } from './together.js';

const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
const failAfter = (ms: number, message: string) =>
  new Promise<never>((_, reject) => setTimeout(() => reject(new Error(message)), ms));

describe('together', () => {
  it('answers each step’s value in list order, plain values included', async () => {
    expect(await together([after(20, 'slow'), after(1, 'fast'), 3, null])).toEqual(['slow', 'fast', 3, null]);
  });

  it('does not fail before a slower step has finished', async () => {
    let slowDone = false;
    const slow = after(30, undefined).then(() => {
      slowDone = true;
    });
    await expect(together([failAfter(1, 'early'), slow])).rejects.toThrow('early');
    expect(slowDone).toBe(true);
  });

  it('fails with the first failing step in list order, not the first to fail', async () => {
    await expect(together([failAfter(20, 'first step'), failAfter(1, 'second step')])).rejects.toThrow(
      'first step',
    );
  });

  it('a step failing only because an earlier statement failed the transaction gives way to that failure', async () => {
    const aborted = Object.assign(new Error('current transaction is aborted'), { code: '25P02' });
    const cause = Object.assign(new Error('new row violates check constraint'), { code: '23514' });
    await expect(
      together([Promise.reject(aborted), failAfter(5, 'other'), Promise.reject(cause)]),
    ).rejects.toThrow('other');
    await expect(together([Promise.reject(aborted), Promise.reject(cause)])).rejects.toBe(cause);
    await expect(together([Promise.reject(aborted)])).rejects.toBe(aborted);
  });
});
