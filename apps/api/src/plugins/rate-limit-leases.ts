import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/**
 * The per-minute limit shared by every API process through Redis without a Redis call per request. A process
 * leases a run of the key's count at once (numbers 31 to 60 of the window's 600, say) and hands those numbers out
 * itself until the run is used up or the window ends. Each number goes to one process only (INCRBY is atomic), so
 * the processes together never let more than `max` requests through in a window. The price: a number leased by one
 * process and not used there is lost to the others, so a client spreading its requests over several processes may
 * be refused up to a lease short of `max` per other process (a lease is a twentieth of it). Once a process has seen
 * a number past `max`, it refuses the rest of that window alone. Requests for a key arriving while its lease
 * is being fetched wait for that one call. `continueExceeding` and `exponentialBackoff` are not offered.
 */
const LEASE_PARTS = 20;
/** Expired leases are dropped when a lease is fetched and the process holds more than this many keys. */
const SWEEP_ABOVE = 10_000;
const COMMAND = 'storefrontRateLimitLease';

// Answers {the last number leased, the window's remaining ms}. The window starts with the key's first lease.
const LEASE_SCRIPT = `
local last = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {last, ttl}
`;

type LeaseCommand = (key: string, windowMs: number, size: number) => Promise<[last: number, ttlMs: number]>;

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
/** Numbers `next` to `last` are this process's to hand out until `endsAt`. */
type Lease = { next: number; last: number; endsAt: number };
type Waiting = { callback: Callback; timeWindow: number; max: number };

export function leasedRedisStore(
  redis: Redis,
  options: { nameSpace: string; now?: () => number },
): FastifyRateLimitStoreCtor {
  const now = options.now ?? Date.now;
  if (!(COMMAND in redis)) redis.defineCommand(COMMAND, { numberOfKeys: 1, lua: LEASE_SCRIPT });
  const fetchLease = (redis as unknown as Record<typeof COMMAND, LeaseCommand>)[COMMAND].bind(redis);
  const leases = new Map<string, Lease>();
  const fetching = new Map<string, Waiting[]>();

  function sweep(at: number): void {
    if (leases.size <= SWEEP_ABOVE) return;
    for (const [key, lease] of leases) if (lease.endsAt <= at) leases.delete(key);
  }

  function take(key: string, callback: Callback, timeWindow: number, max: number): void {
    const at = now();
    const lease = leases.get(key);
    // Past the limit, every later request of the window is refused too: no need to ask Redis for more.
    if (lease && at < lease.endsAt && (lease.next <= lease.last || lease.last > max)) {
      callback(null, { current: lease.next++, ttl: lease.endsAt - at });
      return;
    }
    const waiting = fetching.get(key);
    if (waiting) {
      waiting.push({ callback, timeWindow, max });
      return;
    }
    const queue: Waiting[] = [{ callback, timeWindow, max }];
    fetching.set(key, queue);
    const size = Math.max(1, Math.floor(max / LEASE_PARTS));
    fetchLease(key, timeWindow, size).then(
      ([last, ttl]) => {
        fetching.delete(key);
        const fetchedAt = now();
        sweep(fetchedAt);
        leases.set(key, { next: last - size + 1, last, endsAt: fetchedAt + ttl });
        for (const w of queue) take(key, w.callback, w.timeWindow, w.max);
      },
      (err: unknown) => {
        fetching.delete(key);
        const error = err instanceof Error ? err : new Error(String(err));
        for (const w of queue) w.callback(error);
      },
    );
  }

  return class LeasedRedisStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(_settings?: unknown, prefix = options.nameSpace) {
      this.prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      take(this.prefix + key, callback, timeWindow, max);
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      return new LeasedRedisStore(
        undefined,
        `${this.prefix}${String(routeOptions.method)}${routeOptions.url}-`,
      );
    }
  };
}
