import { productCategories } from '@storefront/contract/catalog';
import type { Allergen, packUnits, StockMovementReason } from '@storefront/contract/catalogue-admin';

export const aisleOptions = productCategories.map(({ category, label }) => ({ value: category, label }));

/** An aisle's name as the shop shows it; an aisle the list no longer has, as stored. */
export function aisleLabel(category: string): string {
  return productCategories.find((c) => c.category === category)?.label ?? category;
}

export function allergenLabel(allergen: Allergen): string {
  return allergen.charAt(0).toUpperCase() + allergen.slice(1);
}

export const packUnitLabels: Record<(typeof packUnits)[number], string> = {
  g: 'grams (g)',
  ml: 'millilitres (mL)',
  each: 'items (each)',
};

export const movementReasonLabels: Record<StockMovementReason, string> = {
  received: 'Received',
  stocktake: 'Stocktake',
  damaged: 'Damaged',
  returned: 'Returned',
  opening: 'Opening stock',
  created: 'Created',
  import: 'CSV import',
  edit: 'Edited',
  sale: 'Sale',
  order_restocked: 'Order cancelled',
};

/**
 * The standard statements of the Country of Origin Food Labelling Information Standard 2016, as a start: staff fill
 * in the percentage or the country.
 */
export const originWordings = [
  'Product of Australia',
  'Grown in Australia',
  'Made in Australia from 100% Australian ingredients',
  'Made in Australia from at least 90% Australian ingredients',
  'Made in Australia from less than 10% Australian ingredients',
  'Made in Australia from imported ingredients',
  'Packed in Australia from imported ingredients',
  'Packed in Australia from local and imported ingredients',
  'Product of New Zealand',
  'Made in New Zealand from local and imported ingredients',
];
