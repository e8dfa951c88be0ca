import { unitPriceOf as unitPriceFor, type UnitPrice } from '@storefront/contract/catalog';
import type { packUnits } from '@storefront/contract/catalogue-admin';

type PackUnit = (typeof packUnits)[number];
import { formatMoney } from '../../lib/format';

/** The unit price the shop will show, worked out while staff type (the contract's rule, as the API answers it). */
export function unitPriceOf(p: {
  price: number;
  packSize: number | null;
  packUnit: PackUnit | null;
  category: string;
}): UnitPrice | null {
  return unitPriceFor({ ...p, priceCents: p.price });
}

const PER: Record<UnitPrice['per'], string> = {
  '1kg': 'per kg',
  '100g': 'per 100 g',
  '1L': 'per L',
  '100mL': 'per 100 mL',
  each: 'each',
};

/** "$3.99 per kg", as the storefront shows it beside the price. */
export function formatUnitPrice(unitPrice: UnitPrice): string {
  return `${formatMoney(unitPrice.cents)} ${PER[unitPrice.per]}`;
}
