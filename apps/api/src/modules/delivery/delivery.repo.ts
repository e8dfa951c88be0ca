import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedPer } from '../../db/prepared.js';
import {
  deliveryClosures,
  deliveryWindows,
  deliveryWindowTemplates,
  type DeliveryWindowRow,
  type DeliveryWindowTemplateRow,
} from '../../db/schema/index.js';
import type { ShippingZone } from '@storefront/contract/shipping';
import { STORE_TIME_ZONE } from '@storefront/contract/delivery';
import type { NewWindow, WindowFields } from './delivery.rules.js';

export type { DeliveryWindowRow };

export async function listActiveTemplates(
  exec: Executor,
  zone: ShippingZone,
): Promise<DeliveryWindowTemplateRow[]> {
  return activeTemplatesOf(exec).execute({ zone });
}

const activeTemplatesOf = preparedPer((db) =>
  db
    .select()
    .from(deliveryWindowTemplates)
    .where(
      and(
        eq(deliveryWindowTemplates.zone, sql.placeholder('zone')),
        eq(deliveryWindowTemplates.isActive, true),
      ),
    )
    .orderBy(asc(deliveryWindowTemplates.startTime))
    .prepare('list_active_window_templates'),
);

/** The zones with an active template: a delivery there books a window. */
export async function listZonesWithWindows(exec: Executor): Promise<ShippingZone[]> {
  const rows = await zonesWithWindowsOf(exec).execute();
  return rows.map((r) => r.zone);
}

const zonesWithWindowsOf = preparedPer((db) =>
  db
    .selectDistinct({ zone: deliveryWindowTemplates.zone })
    .from(deliveryWindowTemplates)
    .where(eq(deliveryWindowTemplates.isActive, true))
    .prepare('list_zones_with_windows'),
);

/** Makes the windows that do not exist yet, in one statement; existing ones (and their bookings) stay. */
export async function ensureWindows(exec: Executor, rows: NewWindow[]): Promise<void> {
  if (rows.length === 0) return;
  await exec.insert(deliveryWindows).values(rows).onConflictDoNothing();
}

export async function listWindows(
  exec: Executor,
  zone: ShippingZone,
  range: { from: Date; to: Date },
): Promise<DeliveryWindowRow[]> {
  return windowsOf(exec).execute({ zone, from: range.from.toISOString(), to: range.to.toISOString() });
}

/** The store's wall-clock time, `HH:MM`, of an instant. */
const localTime = (at: SQL) =>
  sql`to_char((${at}) at time zone ${sql.raw(`'${STORE_TIME_ZONE}'`)}, 'HH24:MI')`;

/** The store's ISO day of the week (1 Monday .. 7 Sunday) at an instant. */
const localWeekday = (at: SQL) =>
  sql`extract(isodow from (${at}) at time zone ${sql.raw(`'${STORE_TIME_ZONE}'`)})::int`;

/** The store's local date at an instant. */
const localDay = (at: SQL) => sql`((${at}) at time zone ${sql.raw(`'${STORE_TIME_ZONE}'`)})::date`;

/**
 * The window is still offered (`offeredAs` in delivery.rules.ts, in SQL): an active template of its zone runs on
 * its local weekday and starts at its local time, or in the minutes the clocks skipped just before it (a 2:30
 * template's window starts at 3:00 am the night daylight saving starts); and its day is not closed, for its zone or
 * for every zone. A template switched off, moved to another time or day, or a day closed, stops its windows already
 * made being listed or booked; orders in them keep them.
 */
const isOffered = sql`exists (
  select 1 from ${deliveryWindowTemplates} t
  where t.zone = ${deliveryWindows.zone} and t.is_active
    and ${localWeekday(sql`${deliveryWindows.startsAt}`)} = any(t.weekdays)
    and (t.start_time = ${localTime(sql`${deliveryWindows.startsAt}`)}
      or (t.start_time > ${localTime(sql`${deliveryWindows.startsAt} - interval '1 minute'`)}
        and t.start_time < ${localTime(sql`${deliveryWindows.startsAt}`)}))
) and not exists (
  select 1 from ${deliveryClosures} c
  where c.date = ${localDay(sql`${deliveryWindows.startsAt}`)}
    and (c.zone is null or c.zone = ${deliveryWindows.zone})
)`;

/** The days from `from` to `to` (`YYYY-MM-DD`, both in) closed for the zone or for every zone. */
export async function listClosedDays(
  exec: Executor,
  zone: ShippingZone,
  range: { from: string; to: string },
): Promise<string[]> {
  const rows = await closedDaysOf(exec).execute({ zone, ...range });
  return rows.map((r) => r.date);
}

const closedDaysOf = preparedPer((db) =>
  db
    .selectDistinct({ date: deliveryClosures.date })
    .from(deliveryClosures)
    .where(
      and(
        gte(deliveryClosures.date, sql.placeholder('from')),
        lte(deliveryClosures.date, sql.placeholder('to')),
        or(isNull(deliveryClosures.zone), eq(deliveryClosures.zone, sql.placeholder('zone'))),
      ),
    )
    .prepare('list_closed_delivery_days'),
);

const windowsOf = preparedPer((db) =>
  db
    .select()
    .from(deliveryWindows)
    .where(
      and(
        eq(deliveryWindows.zone, sql.placeholder('zone')),
        gt(deliveryWindows.cutoffAt, sql.placeholder('from')),
        lt(deliveryWindows.startsAt, sql.placeholder('to')),
        isOffered,
      ),
    )
    .orderBy(asc(deliveryWindows.startsAt))
    .prepare('list_delivery_windows'),
);

export async function findWindow(exec: Executor, id: number): Promise<DeliveryWindowRow | undefined> {
  const [row] = await exec.select().from(deliveryWindows).where(eq(deliveryWindows.id, id));
  return row;
}

/** The window, if it is still offered (what a booking may take); `findWindow` reads one an order holds. */
export async function findOfferedWindow(exec: Executor, id: number): Promise<DeliveryWindowRow | undefined> {
  const [row] = await exec
    .select()
    .from(deliveryWindows)
    .where(and(eq(deliveryWindows.id, id), isOffered));
  return row;
}

/**
 * Takes one place in the window if it is still offered, its cut-off has not passed and a place is left, in one
 * conditional update: of N checkouts at once on a window with C places, exactly C get one. Answers the window as
 * booked, or nothing (`findOfferedWindow` then tells why). Built once and prepared: every metro checkout sends it.
 */
export async function takeOfferedPlace(
  exec: Executor,
  id: number,
  now: Date,
): Promise<DeliveryWindowRow | undefined> {
  const [row] = await takeOfferedPlaceOf(exec).execute({ id, now });
  return row;
}

const takeOfferedPlaceOf = preparedPer((db) =>
  db
    .update(deliveryWindows)
    .set({ booked: sql`${deliveryWindows.booked} + 1` })
    .where(
      and(
        eq(deliveryWindows.id, sql.placeholder('id')),
        lt(deliveryWindows.booked, deliveryWindows.capacity),
        gt(deliveryWindows.cutoffAt, sql.placeholder('now')),
        isOffered,
      ),
    )
    .returning()
    .prepare('take_offered_window_place'),
);

/**
 * Locks the windows in id order, so two moves between the same windows in opposite directions queue instead of
 * each holding one and waiting for the other (a deadlock PostgreSQL breaks by failing one of them).
 */
export async function lockWindows(exec: Executor, ids: number[]): Promise<void> {
  await exec
    .select({ id: deliveryWindows.id })
    .from(deliveryWindows)
    .where(inArray(deliveryWindows.id, ids))
    .orderBy(asc(deliveryWindows.id))
    .for('update');
}

/** Gives a place back (a cancelled or expired order, or one moved to another window). */
export async function returnPlace(exec: Executor, id: number): Promise<void> {
  await exec
    .update(deliveryWindows)
    .set({ booked: sql`${deliveryWindows.booked} - 1` })
    .where(and(eq(deliveryWindows.id, id), gt(deliveryWindows.booked, 0)));
}

/**
 * Locks the zones' windows starting in a span (from `from` on, before `to` when given), in id order as
 * `lockWindows` does, and answers them: what a change of templates or closures brings up to date.
 */
export async function lockWindowsStarting(
  exec: Executor,
  zones: readonly ShippingZone[],
  span: { from: Date; to?: Date },
): Promise<DeliveryWindowRow[]> {
  return exec
    .select()
    .from(deliveryWindows)
    .where(
      and(
        inArray(deliveryWindows.zone, [...zones]),
        gte(deliveryWindows.startsAt, span.from),
        span.to ? lt(deliveryWindows.startsAt, span.to) : undefined,
      ),
    )
    .orderBy(asc(deliveryWindows.id))
    .for('update');
}

export async function updateWindow(exec: Executor, id: number, set: WindowFields): Promise<void> {
  await exec.update(deliveryWindows).set(set).where(eq(deliveryWindows.id, id));
}

/** The windows starting from `from` on that have bookings, every zone's. */
export async function listBookedWindowsFrom(exec: Executor, from: Date): Promise<DeliveryWindowRow[]> {
  return exec
    .select()
    .from(deliveryWindows)
    .where(and(gte(deliveryWindows.startsAt, from), gt(deliveryWindows.booked, 0)))
    .orderBy(asc(deliveryWindows.startsAt));
}
