/** Where the shop looked: the search, the aisle (its label) and the filters ticked. */
export type ShopScope = {
  keyword: string;
  aisle?: string;
  isSpecial: boolean;
  isInStock: boolean;
  freeFrom?: readonly string[];
  brands?: readonly string[];
  /** Dietary marks as words: "vegan", "gluten free". */
  dietary?: readonly string[];
};

/** Whether anything but the words narrowed the search: then searching the whole shop is a way on. */
export function isNarrowed({
  aisle,
  isSpecial,
  isInStock,
  freeFrom = [],
  brands = [],
  dietary = [],
}: ShopScope): boolean {
  return (
    aisle !== undefined ||
    isSpecial ||
    isInStock ||
    freeFrom.length > 0 ||
    brands.length > 0 ||
    dietary.length > 0
  );
}

/**
 * What an empty shop page says: what was searched for and where, so a search narrowed by an aisle or a filter does
 * not read as the shop having none ("Nothing on special in Bakery matches “bread”.").
 */
export function emptyShopText(scope: ShopScope): string {
  const freeFrom = scope.freeFrom ?? [];
  const brands = scope.brands ?? [];
  const dietary = scope.dietary ?? [];
  const filters = [
    dietary.length > 0 && listInWords(dietary),
    brands.length > 0 && `from ${listInWords(brands, 'or')}`,
    freeFrom.length > 0 && `free from ${listInWords(freeFrom)}`,
    scope.isSpecial && 'on special',
    scope.isInStock && 'in stock',
  ]
    .filter(Boolean)
    .join(' and ');
  const where = [filters, scope.aisle && `in ${scope.aisle}`].filter(Boolean).join(' ');
  if (scope.keyword) return `Nothing ${where ? `${where} ` : ''}matches “${scope.keyword}”.`;
  return where ? `Nothing ${where} right now.` : 'No products here yet.';
}

/** "milk", "milk and egg", "milk, egg and peanut" (or "Oaty or Dairy Co"). */
function listInWords(items: readonly string[], joiner = 'and'): string {
  return items.length < 2
    ? items.join('')
    : `${items.slice(0, -1).join(', ')} ${joiner} ${items.at(-1) ?? ''}`;
}
