import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type LogFn = FastifyBaseLogger['info'];

/**
 * A request's logger, made into pino's child only when the request logs something. Fastify makes a child per
 * request for its `reqId`; with redaction on, pino runs every binding through the redactor as it makes one, which
 * cost a cheap route several per cent of its time, for a logger most requests never write to.
 */
class LazyChildLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private get real(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  /** Whether a line at `level` would be written; asking pino's parent makes no child. */
  private writes(level: string): boolean {
    if (this.made || this.options?.level !== undefined) return true;
    return 'isLevelEnabled' in this.parent && typeof this.parent.isLevelEnabled === 'function'
      ? Boolean(this.parent.isLevelEnabled(level))
      : true;
  }

  get level(): string {
    return this.made?.level ?? this.options?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  fatal(...args: Parameters<LogFn>): void {
    if (this.writes('fatal')) this.real.fatal(...args);
  }

  error(...args: Parameters<LogFn>): void {
    if (this.writes('error')) this.real.error(...args);
  }

  warn(...args: Parameters<LogFn>): void {
    if (this.writes('warn')) this.real.warn(...args);
  }

  info(...args: Parameters<LogFn>): void {
    if (this.writes('info')) this.real.info(...args);
  }

  debug(...args: Parameters<LogFn>): void {
    if (this.writes('debug')) this.real.debug(...args);
  }

  trace(...args: Parameters<LogFn>): void {
    if (this.writes('trace')) this.real.trace(...args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

export const lazyChildLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => new LazyChildLogger(logger, bindings, options);
