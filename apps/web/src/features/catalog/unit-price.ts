import type { UnitPrice } from '@storefront/contract/catalog';
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
