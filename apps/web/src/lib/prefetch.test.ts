import { describe, expect, it, vi } from 'vitest';
import { forgetPrefetched, prefetch, takePrefetched } from './prefetch';

describe('prefetch', () => {
  it('a page takes the read started for it once; the next read goes to the API again', async () => {
    const early = vi.fn().mockResolvedValue('early answer');
    const late = vi.fn().mockResolvedValue('fresh answer');
    prefetch('products?page=1', early);
    prefetch('products?page=1', early);
    expect(await takePrefetched('products?page=1', late)).toBe('early answer');
    expect(await takePrefetched('products?page=1', late)).toBe('fresh answer');
    expect(early).toHaveBeenCalledOnce();
    expect(late).toHaveBeenCalledOnce();
  });

  it('a read nobody started is sent when the page asks', async () => {
    expect(await takePrefetched('categories', () => Promise.resolve(['fruit']))).toEqual(['fruit']);
  });

  it('a read started before the session changed is not handed to the page after it', async () => {
    prefetch('address-book', () => Promise.resolve(['the old customer’s address']));
    forgetPrefetched();
    expect(
      await takePrefetched('address-book', () => Promise.resolve(['the new customer’s address'])),
    ).toEqual(['the new customer’s address']);
  });

  it('a read that fails before its page takes it is no unhandled rejection, and the page reads again', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const failure = { code: 100002, msg: 'No such product.', data: null };
      prefetch('product/999', () => Promise.reject(failure));
      prefetch('product/998', () => Promise.reject(failure));
      forgetPrefetched();
      prefetch('product/999', () => Promise.reject(failure));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).not.toHaveBeenCalled();
      // Offline as the page opened, its code came later: the read it makes now is a new one.
      expect(await takePrefetched('product/999', () => Promise.resolve('fresh'))).toBe('fresh');
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('a read the page took before it failed tells the page of the failure', async () => {
    const failure = { code: 100002, msg: 'No such product.', data: null };
    let fail: (reason: unknown) => void = () => undefined;
    prefetch('product/997', () => new Promise((_, reject) => (fail = reject)));
    const taken = takePrefetched('product/997', () => Promise.resolve('fresh'));
    fail(failure);
    await expect(taken).rejects.toBe(failure);
  });
});
