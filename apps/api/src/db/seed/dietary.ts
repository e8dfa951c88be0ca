import type { DietaryMark } from '@storefront/contract/catalog';

const PLANT: DietaryMark[] = ['vegetarian', 'vegan', 'gluten_free'];
const VEGETARIAN_GLUTEN_FREE: DietaryMark[] = ['vegetarian', 'gluten_free'];
const VEGAN_WITH_GLUTEN: DietaryMark[] = ['vegetarian', 'vegan'];

/**
 * The demo products' dietary marks by SKU, read from their ingredient lists (products.ts): vegan where nothing in them
 * comes from an animal, vegetarian where only milk or eggs do, gluten free where no wheat, rye, barley or oats are in
 * them. None where an ingredient may be animal-derived without saying so (emulsifiers 471, 472e, 481; flavour
 * enhancers 627, 631; gelatine), as a careful label would leave it.
 */
export const demoDietary: Record<string, DietaryMark[]> = {
  'FV-001': PLANT,
  'FV-002': PLANT,
  'FV-003': PLANT,
  'FV-004': PLANT,
  'FV-005': PLANT,
  'FV-006': PLANT,
  'FV-007': PLANT,
  'DY-001': VEGETARIAN_GLUTEN_FREE,
  'DY-002': VEGETARIAN_GLUTEN_FREE,
  // Non-animal rennet.
  'DY-003': VEGETARIAN_GLUTEN_FREE,
  'DY-004': VEGETARIAN_GLUTEN_FREE,
  'DY-005': VEGETARIAN_GLUTEN_FREE,
  'BK-001': VEGAN_WITH_GLUTEN,
  'BK-003': ['vegetarian'],
  'PT-001': PLANT,
  'PT-002': PLANT,
  'PT-003': VEGAN_WITH_GLUTEN,
  'PT-004': PLANT,
  'PT-005': VEGAN_WITH_GLUTEN,
  // Oats are not gluten free by the Food Standards Code.
  'PT-007': VEGAN_WITH_GLUTEN,
  'DR-001': PLANT,
  'DR-002': PLANT,
  'DR-003': PLANT,
  'DR-004': PLANT,
  'DR-005': PLANT,
  'FZ-001': PLANT,
  'FZ-004': ['gluten_free'],
  'SN-001': PLANT,
  'SN-002': ['vegetarian'],
  'SN-003': PLANT,
  'SN-004': PLANT,
  'MC-001': ['vegetarian'],
  'MC-002': ['vegetarian'],
  'MC-003': ['vegetarian'],
  'MC-004': ['vegetarian'],
  'MC-005': ['vegetarian'],
};
