import type { UnitKind, UnitPrice, UnitPriceOrder } from '@storefront/contract/catalog';
import { formatMoney } from '../../lib/money';

const PER: Record<UnitPrice['per'], string> = {
  '1kg': 'per kg',
  '100g': 'per 100 g',
  '1L': 'per L',
  '100mL': 'per 100 mL',
  each: 'each',
};

/** "$3.99 per kg", as the Unit Pricing Code shows it beside the price. */
export function formatUnitPrice(unitPrice: UnitPrice): string {
  return `${formatMoney(unitPrice.cents)} ${PER[unitPrice.per]}`;
}

const PER_KIND: Record<UnitKind, string> = { kg: 'per kg', L: 'per L', each: 'each' };

/**
 * What the shop says above a list sorted by unit price whose units differ: prices compare only within a kind of
 * unit, in the order listed ("…per L (3), then per kg (2), then each (1)."); empty when they do not differ.
 */
export function unitPriceNote(order: UnitPriceOrder | undefined): string {
  if (!order?.unitsDiffer) return '';
  const groups = order.groups.map((g) => `${PER_KIND[g.per]} (${g.count})`).join(', then ');
  const unknown =
    order.withoutUnitPrice > 0 ? ` Products without a unit price (${order.withoutUnitPrice}) come last.` : '';
  return `Units differ here, so unit prices are compared within each kind: ${groups}.${unknown}`;
}
