import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.js';

describe('AppError', () => {
  it('carries the catalogue code, status and message, and no stack frames', () => {
    const err = new AppError('NOT_SIGNED_IN');
    expect(err).toMatchObject({ name: 'NOT_SIGNED_IN', code: 100010 });
    expect(err.status).toBe(401);
    expect(err.message.length).toBeGreaterThan(0);
    expect(err.stack?.split('\n').filter((line) => line.trim().startsWith('at '))).toEqual([]);
  });

  it('leaves stack traces on for every other error', () => {
    const before = Error.stackTraceLimit;
    new AppError('NOT_FOUND', 'No such thing.');
    expect(Error.stackTraceLimit).toBe(before);
    expect(new Error('a fault').stack).toMatch(/\n\s+at /);
  });
});
