import {
  STORE_TIME_ZONE,
  type BookedWindow,
  type DeliveryWindow,
  type DeliveryWindows,
} from '@storefront/contract/delivery';
import type { ShippingZone } from '@storefront/contract/shipping';
import type { Db, Executor } from '../../db/client.js';
import { together } from '../../db/together.js';
import { AppError } from '../../lib/app-error.js';
import { zoneOf } from '../shipping/shipping.rules.js';
import { findSuburbOfAddress } from '../suburb/suburb.repo.js';
import {
  ensureWindows,
  findOfferedWindow,
  findWindow,
  listActiveTemplates,
  listBookedWindowsFrom,
  listClosedDays,
  listWindows,
  listZonesWithWindows,
  lockWindows,
  lockWindowsStarting,
  returnPlace,
  takeOfferedPlace,
  updateWindow,
  type DeliveryWindowRow,
} from './delivery.repo.js';
import {
  bookableDays,
  isOpenForBooking,
  localDate,
  localDateOfWindow,
  localInstant,
  windowsFromTemplates,
  type WindowPlan,
} from './delivery.rules.js';

export {
  returnPlace as returnWindowPlace,
  findWindow as findDeliveryWindow,
  findOfferedWindow,
  lockWindows,
  lockWindowsStarting,
  listBookedWindowsFrom,
};

/** Brings windows already made (locked by the caller's transaction) to what a change of templates plans for them. */
export async function applyWindowPlan(tx: Executor, plan: WindowPlan): Promise<void> {
  for (const { id, set } of plan.updates) await updateWindow(tx, id, set);
}

const NEXT_FREE_SHOWN = 3;

const dayFormat = new Intl.DateTimeFormat('en-AU', {
  timeZone: STORE_TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});
const timeFormat = new Intl.DateTimeFormat('en-AU', {
  timeZone: STORE_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
});
const zonedTimeFormat = new Intl.DateTimeFormat('en-AU', {
  timeZone: STORE_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/**
 * "Thu 26 Nov, 7:00 am – 9:00 am AEDT", in the store's time zone, for mail: the zone is named for a customer who
 * reads it in another (Perth, or Broken Hill, whose windows are Sydney's).
 */
export function describeWindow(w: Pick<DeliveryWindowRow, 'startsAt' | 'endsAt' | 'label'>): string {
  const times = `${describeStart(w.startsAt)} – ${zonedTimeFormat.format(w.endsAt)}`;
  return w.label ? `${times} (${w.label})` : times;
}

/** "Tue 24 Nov, 9:00 am AEDT": an instant in the store's time zone, named. */
export function describeInstant(at: Date): string {
  return describeStart(at, { withZone: true });
}

/** "Tue 24 Nov, 11:00 am" (with its zone, "11:00 am AEDT", when nothing after names it), in the store's time zone. */
function describeStart(at: Date, { withZone = false } = {}): string {
  return `${dayFormat.format(at).replace(/,/g, '')}, ${(withZone ? zonedTimeFormat : timeFormat).format(at)}`;
}

export function toBookedWindow(w: DeliveryWindowRow): BookedWindow {
  return {
    windowID: w.id,
    startsAt: w.startsAt.toISOString(),
    endsAt: w.endsAt.toISOString(),
    cutoffAt: w.cutoffAt.toISOString(),
    label: w.label,
    priceDelta: w.priceDeltaCents,
  };
}

function toWindow(w: DeliveryWindowRow): DeliveryWindow {
  const remaining = Math.max(0, w.capacity - w.booked);
  return Object.assign(toBookedWindow(w), { capacity: w.capacity, remaining, isFull: remaining === 0 });
}

/**
 * The zone's bookable windows from now to the end of the last bookable day (made from its templates first, if
 * they are not yet); `required` is false for a zone with no templates (courier delivery, no window).
 */
export async function windowsOfZone(
  exec: Executor,
  zone: ShippingZone,
  now: Date,
): Promise<{ required: boolean; windows: DeliveryWindowRow[] }> {
  const days = bookableDays(now);
  const range = { from: now, to: localInstant(days[days.length - 1] ?? localDate(now), '23:59') };
  const [templates, listed, closed] = await together([
    listActiveTemplates(exec, zone),
    listWindows(exec, zone, range),
    listClosedDays(exec, zone, {
      from: days[0] ?? localDate(now),
      to: days[days.length - 1] ?? localDate(now),
    }),
  ]);
  if (templates.length === 0) return { required: false, windows: [] };
  // Made once, by the first listing that finds them missing: a listing is otherwise a read.
  const made = new Set(listed.map((w) => w.startsAt.getTime()));
  const openDays = days.filter((day) => !closed.includes(day));
  const missing = windowsFromTemplates(templates, openDays).filter(
    (w) => w.cutoffAt > range.from && w.startsAt < range.to && !made.has(w.startsAt.getTime()),
  );
  if (missing.length === 0) return { required: true, windows: listed };
  await ensureWindows(exec, missing);
  return { required: true, windows: await listWindows(exec, zone, range) };
}

async function fullWindowError(exec: Executor, zone: ShippingZone, now: Date): Promise<AppError> {
  const free = (await windowsOfZone(exec, zone, now)).windows
    .filter((w) => w.booked < w.capacity)
    .slice(0, NEXT_FREE_SHOWN)
    .map((w) => describeStart(w.startsAt, { withZone: true }));
  return new AppError(
    'DELIVERY_WINDOW_FULL',
    free.length > 0
      ? `That delivery window has just filled up. The next free ones start ${free.join('; ')}.`
      : 'That delivery window has just filled up, and no other window is free this week.',
  );
}

/** Whether the zone's orders come in a booked window (it has an active template), not by courier. */
export async function deliversByWindow(exec: Executor, zone: ShippingZone): Promise<boolean> {
  return (await listZonesWithWindows(exec)).includes(zone);
}

/**
 * What booking a window found before the zone is known: the window booked, the window asked for that could not be
 * booked (with why, once `explainRefusal` has read it), or, when none was asked for, which zones need one.
 */
export type WindowChoice =
  | { kind: 'none'; zonesWithWindows: ShippingZone[] }
  | { kind: 'booked'; window: DeliveryWindowRow }
  | { kind: 'refused'; windowId: number; why?: AppError };

/**
 * Takes a place in the window asked for, in the caller's transaction, if it is offered, open and not full; checked
 * against the delivery zone by `checkWindowChoice`, whose refusal rolls the place back with the transaction.
 */
export async function bookWindowAsked(
  tx: Executor,
  windowId: number | undefined,
  now: Date,
): Promise<WindowChoice> {
  if (windowId === undefined) return { kind: 'none', zonesWithWindows: await listZonesWithWindows(tx) };
  const window = await takeOfferedPlace(tx, windowId, now);
  return window ? { kind: 'booked', window } : { kind: 'refused', windowId };
}

/** Reads why a window could not be booked for a delivery to `zone` (refusals only: a booking answers without it). */
export async function explainRefusal(
  exec: Executor,
  choice: WindowChoice,
  zone: ShippingZone,
  now: Date,
): Promise<WindowChoice> {
  if (choice.kind !== 'refused' || choice.why) return choice;
  const window = await findOfferedWindow(exec, choice.windowId);
  const why =
    !window || window.zone !== zone
      ? new AppError('DELIVERY_WINDOW_UNAVAILABLE')
      : !isOpenForBooking(window, now)
        ? new AppError('DELIVERY_WINDOW_CLOSED')
        : await fullWindowError(exec, zone, now);
  return { ...choice, why };
}

/**
 * The window booked for a delivery to `zone`, or null for a courier zone (it takes none); refuses a missing choice
 * where the zone offers windows, a window of another zone, and one that could not be booked (explained).
 */
export function checkWindowChoice(choice: WindowChoice, zone: ShippingZone): DeliveryWindowRow | null {
  switch (choice.kind) {
    case 'none':
      if (choice.zonesWithWindows.includes(zone)) throw new AppError('DELIVERY_WINDOW_REQUIRED');
      return null;
    case 'booked':
      if (choice.window.zone !== zone) throw new AppError('DELIVERY_WINDOW_UNAVAILABLE');
      return choice.window;
    case 'refused':
      throw choice.why ?? new AppError('DELIVERY_WINDOW_UNAVAILABLE');
  }
}

/**
 * Books a place in the chosen window for an order in the caller's transaction. A zone that offers windows needs
 * one; a courier zone takes none. Answers the window booked, or null.
 */
export async function bookWindow(
  tx: Executor,
  zone: ShippingZone,
  windowId: number | undefined,
  now: Date,
): Promise<DeliveryWindowRow | null> {
  const choice = await explainRefusal(tx, await bookWindowAsked(tx, windowId, now), zone, now);
  return checkWindowChoice(choice, zone);
}

/** The zone an address delivers to, for the customer who owns it (another's address answers as missing). */
async function zoneOfAddress(db: Executor, customerId: number, addressId: number): Promise<ShippingZone> {
  // An address always has its suburb (a foreign key): no row means no such address of theirs.
  const suburb = await findSuburbOfAddress(db, customerId, addressId);
  if (!suburb) throw new AppError('NOT_FOUND', 'No such address.');
  return zoneOf(suburb);
}

export function createDeliveryService(db: Db, now: () => Date) {
  return {
    /** The windows for an address, by local day, with what is left in each. */
    async windows(customerId: number, addressId: number): Promise<DeliveryWindows> {
      const zone = await zoneOfAddress(db, customerId, addressId);
      const { required, windows } = await windowsOfZone(db, zone, now());
      const byDay = new Map<string, DeliveryWindow[]>();
      for (const w of windows) {
        const day = localDateOfWindow(w.startsAt);
        const list = byDay.get(day);
        if (list) list.push(toWindow(w));
        else byDay.set(day, [toWindow(w)]);
      }
      return {
        zone,
        required,
        timeZone: STORE_TIME_ZONE,
        days: [...byDay].map(([date, list]) => ({ date, windows: list })),
      };
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
