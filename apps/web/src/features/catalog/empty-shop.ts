/** Where the shop looked: the search, the aisle (its label) and the filters ticked. */
export type ShopScope = { keyword: string; aisle?: string; isSpecial: boolean; isInStock: boolean };

/** Whether anything but the words narrowed the search: then searching the whole shop is a way on. */
export function isNarrowed({ aisle, isSpecial, isInStock }: ShopScope): boolean {
  return aisle !== undefined || isSpecial || isInStock;
}

/**
 * What an empty shop page says: what was searched for and where, so a search narrowed by an aisle or a filter does
 * not read as the shop having none ("Nothing on special in Bakery matches “bread”.").
 */
export function emptyShopText(scope: ShopScope): string {
  const filters = [scope.isSpecial && 'on special', scope.isInStock && 'in stock']
    .filter(Boolean)
    .join(' and ');
  const where = [filters, scope.aisle && `in ${scope.aisle}`].filter(Boolean).join(' ');
  if (scope.keyword) return `Nothing ${where ? `${where} ` : ''}matches “${scope.keyword}”.`;
  return where ? `Nothing ${where} right now.` : 'No products here yet.';
}
