import {
  CLOSURES_RECENT_DAYS,
  shippingZones,
  type ClosureCreateBody,
  type DeliveryClosure,
  type DeliveryClosures,
  type DeliveryTemplate,
  type DeliveryTemplates,
  type DeliveryZone,
  type DeliveryZones,
  type TemplateCreateBody,
  type TemplateUpdateBody,
  type ZoneUpdateBody,
} from '@storefront/contract/delivery-admin';
import type { ShippingZone } from '@storefront/contract/shipping';
import { pgErrorCode, UNIQUE_VIOLATION, type Db, type Executor } from '../../db/client.js';
import { together } from '../../db/together.js';
import type {
  DeliveryClosureRow,
  DeliveryWindowRow,
  DeliveryWindowTemplateRow,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';
import {
  dayAfter,
  localDate,
  localDateOfWindow,
  localInstant,
  planWindows,
  type Offering,
  type WindowPlan,
} from '../delivery/delivery.rules.js';
import {
  applyWindowPlan,
  describeInstant,
  listBookedWindowsFrom,
  lockWindowsStarting,
} from '../delivery/delivery.service.js';
import { listZones, lockZone, updateZoneMinimum, type ShippingZoneRow } from '../shipping/shipping.repo.js';
import {
  deleteClosure,
  findClosure,
  findTemplate,
  insertClosure,
  insertTemplate,
  listClosuresFrom,
  listClosuresOn,
  listTemplates,
  updateTemplate,
  type TemplateValues,
} from './delivery-admin.repo.js';

const closureDay = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** "Fri 25 Dec 2026": a store day (`YYYY-MM-DD`), read in UTC so no zone moves it. */
function describeDay(date: string): string {
  return closureDay.format(new Date(`${date}T00:00:00Z`)).replace(/,/g, '');
}

const bookedIn = (windows: DeliveryWindowRow[]) => windows.reduce((n, w) => n + w.booked, 0);
const orders = (n: number) => `${n} ${n === 1 ? 'order is' : 'orders are'}`;

/** Whether the window starts when the template starts on the window's day (the template it was made from). */
function isMadeBy(w: DeliveryWindowRow, t: DeliveryWindowTemplateRow): boolean {
  return (
    w.zone === t.zone &&
    localInstant(localDateOfWindow(w.startsAt), t.startTime).getTime() === w.startsAt.getTime()
  );
}

/** What the audit log keeps of a template: its fields, not its bookings. */
function fieldsOf(t: DeliveryWindowTemplateRow): Omit<DeliveryTemplate, 'booked'> {
  return {
    templateID: t.id,
    zone: t.zone,
    weekdays: t.weekdays,
    startTime: t.startTime,
    endTime: t.endTime,
    capacity: t.capacity,
    priceDelta: t.priceDeltaCents,
    label: t.label,
    cutoffMinutes: t.cutoffMinutes,
    isActive: t.isActive,
  };
}

function toTemplate(t: DeliveryWindowTemplateRow, booked: DeliveryWindowRow[]): DeliveryTemplate {
  return { ...fieldsOf(t), booked: bookedIn(booked.filter((w) => isMadeBy(w, t))) };
}

function toClosure(c: DeliveryClosureRow): DeliveryClosure {
  return {
    closureID: c.id,
    date: c.date,
    zone: c.zone,
    reason: c.reason,
    createdAt: c.createdAt.toISOString(),
  };
}

function toZone(z: ShippingZoneRow): DeliveryZone {
  return { zone: z.zone, minimumOrder: z.minimumOrderCents, updatedAt: z.updatedAt.toISOString() };
}

function valuesOf(body: TemplateUpdateBody): TemplateValues {
  return {
    weekdays: [...body.weekdays].sort((a, b) => a - b),
    startTime: body.startTime,
    endTime: body.endTime,
    capacity: body.capacity,
    priceDeltaCents: body.priceDelta,
    label: body.label,
    cutoffMinutes: body.cutoffMinutes,
    isActive: body.isActive,
  };
}

function changed(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

const startTaken = (zone: ShippingZone, startTime: string) =>
  new AppError('DELIVERY_TEMPLATE_START_TAKEN', `Another ${zone} window already starts at ${startTime}.`);

/** A second template at a zone's start time, written at the same moment as this one, is refused as the first. */
async function refusingTakenStart<T>(zone: ShippingZone, startTime: string, write: () => Promise<T>) {
  try {
    return await write();
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw startTaken(zone, startTime);
    throw err;
  }
}

/** "Thu 26 Nov, 9:00 am AEDT: 2 booked; Fri 27 Nov, 9:00 am AEDT: 1 booked" */
const bookedList = (windows: DeliveryWindowRow[]) =>
  windows.map((w) => `${describeInstant(w.startsAt)}: ${w.booked} booked`).join('; ');

/** A change that would take a booked window away, retime it or shrink it below its bookings is refused, saying which. */
function refuseUnsafe(plan: WindowPlan): void {
  if (plan.lost.length > 0)
    throw new AppError(
      'DELIVERY_TEMPLATE_BOOKED',
      `${orders(bookedIn(plan.lost))} booked in coming windows this change takes away (${bookedList(plan.lost)}). ` +
        'Move or cancel them first, or keep this window as it is until they have passed.',
    );
  if (plan.retimed.length > 0)
    throw new AppError(
      'DELIVERY_TEMPLATE_BOOKED',
      `${orders(bookedIn(plan.retimed))} booked in coming windows at the present times (${bookedList(plan.retimed)}), ` +
        'and a booked window keeps its times. Add a window at the new times instead, and switch this one off once these have passed.',
    );
  const [fullest] = [...plan.overbooked].sort((a, b) => b.booked - a.booked);
  if (fullest)
    throw new AppError(
      'DELIVERY_CAPACITY_BELOW_BOOKED',
      `The window of ${describeInstant(fullest.startsAt)} already has ${fullest.booked} booked: the capacity cannot go below ${fullest.booked}.`,
    );
}

const zonesOf = (zone: ShippingZone | null): readonly ShippingZone[] => (zone ? [zone] : shippingZones);

/**
 * Window templates and closures as the grocer keeps them. Each change brings the windows already made from now on
 * up to date in its transaction, with them locked (a booking of one waits for the change, then sees it), and is
 * refused whole when it would take away, retime or overfill a window orders are booked in.
 */
export function createDeliveryAdmin(db: Db, now: () => Date) {
  /** The templates and closures that decide which of a zone's coming windows are offered. */
  async function offeringOf(tx: Executor, zones: readonly ShippingZone[], from: Date): Promise<Offering> {
    const [templates, closures] = await together([
      listTemplates(tx, zones),
      listClosuresFrom(tx, localDate(from)),
    ]);
    return { templates, closures };
  }

  /** A template change: the zone's coming windows locked and planned, the row written, the windows brought along. */
  async function changeTemplate(
    tx: Executor,
    zone: ShippingZone,
    at: Date,
    write: (before: Offering) => Promise<DeliveryWindowTemplateRow>,
  ): Promise<{ row: DeliveryWindowTemplateRow; windows: DeliveryWindowRow[] }> {
    // Windows first, then what decides them: a change of the zone that holds them has finished by then.
    const windows = await lockWindowsStarting(tx, [zone], { from: at });
    const before = await offeringOf(tx, [zone], at);
    const row = await write(before);
    const after = {
      ...before,
      templates: [...before.templates.filter((t) => t.id !== row.id), row],
    };
    const plan = planWindows(windows, before, after);
    refuseUnsafe(plan);
    await applyWindowPlan(tx, plan);
    return { row, windows };
  }

  return {
    async templates(): Promise<DeliveryTemplates> {
      const [rows, booked] = await Promise.all([listTemplates(db), listBookedWindowsFrom(db, now())]);
      return {
        zones: shippingZones.map((zone) => ({
          zone,
          templates: rows.filter((t) => t.zone === zone).map((t) => toTemplate(t, booked)),
        })),
      };
    },

    async createTemplate(body: TemplateCreateBody, actor: Actor): Promise<DeliveryTemplate> {
      const at = now();
      return refusingTakenStart(body.zone, body.startTime, () =>
        db.transaction(async (tx) => {
          const { row, windows } = await changeTemplate(tx, body.zone, at, async (before) => {
            if (before.templates.some((t) => t.startTime === body.startTime))
              throw startTaken(body.zone, body.startTime);
            return insertTemplate(tx, { zone: body.zone, ...valuesOf(body) });
          });
          await recordAudit(
            tx,
            actor,
            {
              action: 'delivery_template.create',
              targetType: 'delivery_template',
              targetId: row.id,
              after: fieldsOf(row),
            },
            at,
          );
          return toTemplate(row, windows);
        }),
      );
    },

    async updateTemplate(id: number, body: TemplateUpdateBody, actor: Actor): Promise<DeliveryTemplate> {
      const at = now();
      return db.transaction(async (tx) => {
        const current = await findTemplate(tx, id, { lock: true });
        if (!current) throw new AppError('NOT_FOUND', 'No such delivery window template.');
        const { row, windows } = await refusingTakenStart(current.zone, body.startTime, () =>
          changeTemplate(tx, current.zone, at, async (before) => {
            if (before.templates.some((t) => t.id !== id && t.startTime === body.startTime))
              throw startTaken(current.zone, body.startTime);
            return updateTemplate(tx, id, valuesOf(body));
          }),
        );
        await recordAudit(
          tx,
          actor,
          {
            action: 'delivery_template.update',
            targetType: 'delivery_template',
            targetId: id,
            ...changed(fieldsOf(current), fieldsOf(row)),
          },
          at,
        );
        return toTemplate(row, windows);
      });
    },

    /** Each zone's minimum order. */
    async zones(): Promise<DeliveryZones> {
      return { zones: (await listZones(db)).map(toZone) };
    },

    /** Sets a zone's minimum order: the cart says it, and checkout refuses an order below it, from now on. */
    async updateZone(zone: ShippingZone, body: ZoneUpdateBody, actor: Actor): Promise<DeliveryZone> {
      const at = now();
      return db.transaction(async (tx) => {
        // Locked, so two changes at once are audited one after the other, each with what it replaced.
        const before = await lockZone(tx, zone);
        const row = before && (await updateZoneMinimum(tx, zone, body.minimumOrder, at));
        if (!before || !row) throw new AppError('NOT_FOUND', 'No such delivery zone.');
        if (before.minimumOrderCents !== row.minimumOrderCents)
          await recordAudit(
            tx,
            actor,
            {
              action: 'delivery_zone.update',
              targetType: 'delivery_zone',
              targetId: zone,
              before: { minimumOrder: before.minimumOrderCents },
              after: { minimumOrder: row.minimumOrderCents },
            },
            at,
          );
        return toZone(row);
      });
    },

    async closures(): Promise<DeliveryClosures> {
      const rows = await listClosuresFrom(db, dayAfter(localDate(now()), -CLOSURES_RECENT_DAYS));
      return { list: rows.map(toClosure) };
    },

    async createClosure(body: ClosureCreateBody, actor: Actor): Promise<DeliveryClosure> {
      const at = now();
      if (body.date < localDate(at))
        throw new AppError(
          'DELIVERY_CLOSURE_PAST',
          `${describeDay(body.date)} has passed: close today (${describeDay(localDate(at))}) or a later day.`,
        );
      try {
        return await db.transaction(async (tx) => {
          const { windows, closures, templates } = await closingDay(tx, body.date, body.zone, at);
          if (closures.some((c) => c.zone === null || c.zone === body.zone))
            throw new AppError(
              'DELIVERY_CLOSURE_EXISTS',
              `Delivery is already closed on ${describeDay(body.date)}${
                body.zone ? ` for ${body.zone}` : ''
              }.`,
            );
          const booked = windows.filter((w) => w.booked > 0);
          if (booked.length > 0) {
            const byZone = shippingZones
              .map((zone) => [zone, bookedIn(booked.filter((w) => w.zone === zone))] as const)
              .filter(([, n]) => n > 0)
              .map(([zone, n]) => `${zone} ${n}`);
            throw new AppError(
              'DELIVERY_CLOSURE_BOOKED',
              `${orders(bookedIn(booked))} booked for delivery on ${describeDay(body.date)} (${byZone.join(', ')}). ` +
                'Move or cancel them first, then close the day.',
            );
          }
          const row = await insertClosure(tx, { ...body, createdAt: at });
          await applyWindowPlan(
            tx,
            planWindows(windows, { templates, closures }, { templates, closures: [...closures, row] }),
          );
          await recordAudit(
            tx,
            actor,
            {
              action: 'delivery_closure.create',
              targetType: 'delivery_closure',
              targetId: row.id,
              after: { date: row.date, zone: row.zone, reason: row.reason },
            },
            at,
          );
          return toClosure(row);
        });
      } catch (err) {
        if (pgErrorCode(err) === UNIQUE_VIOLATION)
          throw new AppError(
            'DELIVERY_CLOSURE_EXISTS',
            `Delivery is already closed on ${describeDay(body.date)}.`,
          );
        throw err;
      }
    },

    async deleteClosure(id: number, actor: Actor): Promise<void> {
      const at = now();
      await db.transaction(async (tx) => {
        const closure = await findClosure(tx, id, { lock: true });
        if (!closure) throw new AppError('NOT_FOUND', 'No such closure.');
        const { windows, closures, templates } = await closingDay(tx, closure.date, closure.zone, at);
        const plan = planWindows(
          windows,
          { templates, closures },
          { templates, closures: closures.filter((c) => c.id !== id) },
        );
        refuseUnsafe(plan);
        await deleteClosure(tx, id);
        await applyWindowPlan(tx, plan);
        await recordAudit(
          tx,
          actor,
          {
            action: 'delivery_closure.delete',
            targetType: 'delivery_closure',
            targetId: id,
            before: { date: closure.date, zone: closure.zone, reason: closure.reason },
          },
          at,
        );
      });
    },
  };
}

/**
 * A day's coming windows in the zone (or every zone), locked, with the templates and closures that decide them:
 * the windows first, so a booking of one of them waits for the closure and then finds it closed.
 */
async function closingDay(
  tx: Executor,
  date: string,
  zone: ShippingZone | null,
  at: Date,
): Promise<{
  windows: DeliveryWindowRow[];
  closures: DeliveryClosureRow[];
  templates: DeliveryWindowTemplateRow[];
}> {
  const zones = zonesOf(zone);
  const dayStart = localInstant(date, '00:00');
  const windows = await lockWindowsStarting(tx, zones, {
    from: dayStart > at ? dayStart : at,
    to: localInstant(dayAfter(date), '00:00'),
  });
  const [closures, templates] = await together([listClosuresOn(tx, date), listTemplates(tx, zones)]);
  return { windows, closures, templates };
}

export type DeliveryAdmin = ReturnType<typeof createDeliveryAdmin>;
