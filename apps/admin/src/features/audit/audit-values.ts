import { productCategories } from '@storefront/contract/catalog';
import { weekdayNames } from '@storefront/contract/delivery-admin';
import { STORE_TIME_ZONE } from '@storefront/contract/limits';
import { staffRole } from '@storefront/contract/staff';
import { roleLabels } from '../../lib/access';
import { formatDateTime, formatMoney, formatStoreDay } from '../../lib/format';

/** What a value is read with: the entry's action and the record it sits in (its other side filling the gaps). */
export type ValueContext = { action: string; record: Record<string, unknown> };

type Formatter = (value: unknown, context: ValueContext) => string | undefined;

const count = new Intl.NumberFormat('en-AU');
const dayNames = new Map(Object.entries(weekdayNames).map(([day, name]) => [Number(day), name]));
const storeParts = new Intl.DateTimeFormat('en-AU', {
  timeZone: STORE_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  hourCycle: 'h23',
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isIsoTime = (value: unknown): value is string =>
  typeof value === 'string' &&
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) &&
  !Number.isNaN(Date.parse(value));

/** "out_for_delivery" as "Out for delivery". */
function sentenceOf(code: string): string {
  const words = code.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "13:30" as "1:30 pm". */
function clockOf(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'am' : 'pm'}`;
}

/** A moment in Sydney, short: "1 Dec 9:00 am", or "8 Dec" at midnight (a day's start). */
function shortMoment(iso: string): string {
  const parts = Object.fromEntries(storeParts.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  const day = `${parts.day} ${parts.month}`;
  if (parts.hour === '00' && parts.minute === '00') return day;
  return `${day} ${clockOf(`${parts.hour}:${parts.minute}`)}`;
}

const money: Formatter = (value) => (typeof value === 'number' ? formatMoney(value) : undefined);
const ifNull =
  (text: string, format: Formatter = () => undefined): Formatter =>
  (value, context) =>
    value === null ? text : format(value, context);
const clock: Formatter = (value) =>
  typeof value === 'string' && /^\d{2}:\d{2}$/.test(value) ? clockOf(value) : undefined;
const words: Formatter = (value) =>
  typeof value === 'string' && /^[a-z]+(_[a-z]+)*$/.test(value) ? sentenceOf(value) : undefined;
const ids: Formatter = (value) =>
  Array.isArray(value) && value.every((v) => typeof v === 'number')
    ? value.map((v) => `#${v}`).join(', ')
    : undefined;

const special: Formatter = (value) => {
  if (value === null) return 'None';
  if (!isRecord(value) || typeof value.price !== 'number') return undefined;
  if (!isIsoTime(value.startsAt) || !isIsoTime(value.endsAt)) return undefined;
  return `${formatMoney(value.price)} from ${shortMoment(value.startsAt)} to ${shortMoment(value.endsAt)}`;
};

const couponValue: Formatter = (value, { record }) => {
  if (typeof value !== 'number') return undefined;
  if (record.kind === 'fixed') return formatMoney(value);
  if (record.kind === 'percent') return `${value}%`;
  if (record.kind === 'free_shipping') return 'Free delivery';
  return undefined;
};

const weekdays: Formatter = (value) => {
  if (!Array.isArray(value)) return undefined;
  const names = value.map((day: unknown) => (typeof day === 'number' ? dayNames.get(day) : undefined));
  return names.every((n) => n !== undefined) ? names.join(', ') : undefined;
};

const cutoff: Formatter = (value) => {
  if (typeof value !== 'number') return undefined;
  const hours = Math.floor(value / 60);
  const minutes = value % 60;
  const parts = [hours > 0 ? `${hours} h` : '', minutes > 0 || hours === 0 ? `${minutes} min` : ''];
  return `${parts.filter(Boolean).join(' ')} before it starts`;
};

const unitPrice: Formatter = (value) =>
  isRecord(value) && typeof value.cents === 'number' && typeof value.per === 'string'
    ? `${formatMoney(value.cents)} per ${value.per}`
    : undefined;

const packedLines: Formatter = (value) => {
  if (!Array.isArray(value) || !value.every(isRecord)) return undefined;
  return value
    .map((line) => {
      const swap =
        typeof line.substituteProductID === 'number' ? ` (swapped for #${line.substituteProductID})` : '';
      return `#${String(line.lineID)} × ${String(line.packedQuantity)}${swap}`;
    })
    .join(', ');
};

const byField: Record<string, Formatter> = {
  role: (value) => {
    const role = staffRole.safeParse(value);
    return role.success ? roleLabels[role.data] : undefined;
  },
  price: money,
  priceDelta: money,
  minSpend: money,
  minimumOrder: money,
  amount: money,
  amountCents: money,
  refunded: money,
  value: couponValue,
  special,
  unitPrice,
  weekdays,
  startTime: clock,
  endTime: clock,
  cutoffMinutes: cutoff,
  weightGrams: (value) => (typeof value === 'number' ? `${count.format(value)} g` : undefined),
  category: (value) => productCategories.find((c) => c.category === value)?.label,
  zone: ifNull('Every zone', words),
  status: words,
  kind: (value) =>
    ({ percent: 'Percent off', fixed: 'Dollars off', free_shipping: 'Free delivery' })[String(value)],
  usageLimit: ifNull('No limit'),
  perCustomerLimit: ifNull('No limit'),
  customerIDs: ids,
  lines: packedLines,
  date: (value) => (typeof value === 'string' ? formatStoreDay(value) : undefined),
};

/** Fields whose text means something only in one action's entries. */
const byAction: Record<string, Record<string, Formatter>> = {
  'product.stock': { reason: words },
};

/**
 * A recorded value as staff read it: money in dollars, times and days by the store's clock in Sydney, lists with
 * commas, yes/no; a value of a shape not known here as plain text or JSON.
 */
export function formatValue(field: string, value: unknown, context: ValueContext): string {
  const format = byAction[context.action]?.[field] ?? byField[field];
  const known = format?.(value, context);
  if (known !== undefined) return known;
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return /id$/i.test(field) ? String(value) : count.format(value);
  if (typeof value === 'string') return isIsoTime(value) ? formatDateTime(value) : value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number'))
    return value.length === 0 ? 'None' : value.join(', ');
  return JSON.stringify(value);
}

/** "12 created, 3 updated, 1,985 unchanged" from an import's counts; null when they are not all numbers. */
export function describeImport(record: Record<string, unknown>): string | null {
  const { created, updated, unchanged } = record;
  if (typeof created !== 'number' || typeof updated !== 'number' || typeof unchanged !== 'number')
    return null;
  return `${count.format(created)} created, ${count.format(updated)} updated, ${count.format(unchanged)} unchanged`;
}
