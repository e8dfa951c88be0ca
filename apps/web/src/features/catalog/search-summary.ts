import type { ProductList } from '@storefront/contract/catalog';

/** What a search found, in a sentence for a screen reader: "3 products match “tea”." */
export function searchSummary(keyword: string, total: number, match: ProductList['keywordMatch']): string {
  const count = `${total} ${total === 1 ? 'product' : 'products'}`;
  if (total === 0) return `Nothing matches “${keyword}”.`;
  if (match === 'any') return `Nothing matches every word of “${keyword}”. ${count} match some of them.`;
  return `${count} ${total === 1 ? 'matches' : 'match'} “${keyword}”.`;
}
