import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLoggerFactory } from './lazy-child-logger.js';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: pino({ level: 'info', redact: ['*.password'] }, stream) };
}

/** What Fastify makes for a request with this id. */
function requestLogger(logger: pino.Logger, reqId: string) {
  return lazyChildLoggerFactory.call(undefined as never, logger, { reqId }, {}, undefined as never);
}

describe('a request logger made on first use', () => {
  it('makes no child for a request that never logs, and one for a request that does', () => {
    const { logger } = capture();
    const child = vi.spyOn(logger, 'child');
    const quiet = requestLogger(logger, 'r1');
    quiet.debug('below the level');
    expect(quiet.level).toBe('info');
    expect(child).not.toHaveBeenCalled();

    const busy = requestLogger(logger, 'r2');
    busy.warn('first');
    busy.error('second');
    expect(child).toHaveBeenCalledTimes(1);
    expect(child).toHaveBeenCalledWith({ reqId: 'r2' }, {});
  });

  it("writes the request's bindings on each line, redacted as the parent would", () => {
    const { lines, logger } = capture();
    const log = requestLogger(logger, 'r3');
    log.warn({ body: { password: 'secret-pw' } }, 'hello');
    expect(lines).toEqual([
      expect.objectContaining({ reqId: 'r3', msg: 'hello', body: { password: '[Redacted]' } }),
    ]);
  });

  it('takes a level of its own without changing the parent', () => {
    const { lines, logger } = capture();
    const log = requestLogger(logger, 'r4');
    log.level = 'debug';
    log.debug('shown');
    logger.debug('not shown');
    expect(lines.map((l) => l.msg)).toEqual(['shown']);
  });
});
