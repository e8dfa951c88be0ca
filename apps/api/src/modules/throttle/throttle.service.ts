import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { countHit, releaseHit } from './throttle.repo.js';

/** Attempts allowed per window, by what they are counted against; set once from the configuration. */
export type ThrottleLimits = {
  /** Sign-in, registration, Google or voucher attempts per IP address, whatever their outcome. */
  perIp: number;
  /** Failed sign-ins per account and IP from untrusted clients; registrations per email; password changes; vouchers per account. */
  perAccount: number;
  /** Failed sign-ins per account from all untrusted clients together: the only lock-out, and trusted devices skip it. */
  untrustedPerAccount: number;
  /** Failed sign-ins per trusted device (a browser holding a valid device cookie for the account). */
  perDevice: number;
};

export type ThrottleSettings = { limits: ThrottleLimits; windowMs: number; now: () => Date };

export type Reservation = { key: string; windowStart: Date };

/**
 * A window lasts up to AUTH_LIMIT_WINDOW_MINUTES (15): "wait a moment" would send a locked-out customer back again and
 * again, so the refusal says how long, in whole minutes (the browser shows it as it is).
 */
function waitMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Please try again in ${minutes === 1 ? 'a minute' : `${minutes} minutes`}.`;
}

/**
 * Fixed-window attempt counters in the database, shared by every API process. Each attempt reserves its place
 * before the expensive or guessable work it guards, and the count is taken and compared in one step, so N parallel
 * attempts get at most the limit's reservations between them.
 */
export function createThrottle(db: Db, settings: ThrottleSettings) {
  const windowStartOf = (now: Date) =>
    new Date(Math.floor(now.getTime() / settings.windowMs) * settings.windowMs);

  return {
    /** Reserves one attempt under the named limit, or throws RATE_LIMITED saying when the window ends. */
    async reserve(limit: keyof ThrottleLimits, key: string): Promise<Reservation> {
      const now = settings.now();
      const { hits, windowStart } = await countHit(db, key, windowStartOf(now), settings.windowMs);
      if (hits > settings.limits[limit]) {
        const windowEnds = windowStart.getTime() + settings.windowMs;
        const retryAfterSeconds = Math.max(1, Math.ceil((windowEnds - now.getTime()) / 1000));
        throw new AppError('RATE_LIMITED', waitMessage(retryAfterSeconds), { retryAfterSeconds });
      }
      return { key, windowStart };
    },

    /** Gives reservations back (an attempt that turned out not to count), unless their window has ended. */
    async release(reservations: Reservation[]): Promise<void> {
      await Promise.all(reservations.map((r) => releaseHit(db, r.key, r.windowStart)));
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
