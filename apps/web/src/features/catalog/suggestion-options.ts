import type { ProductSuggestions } from '@storefront/contract/catalog';
import { toShopSearch, ALL_CATEGORIES, type ShopQuery } from './shop-query';

/** One option of the header's suggestions: where it goes and what it says. */
export type SuggestionOption =
  | { kind: 'aisle'; id: string; testId: string; href: string; label: string }
  | {
      kind: 'product';
      id: string;
      testId: string;
      href: string;
      label: string;
      price: number;
      wasPrice: number | null;
      imageUrl: string;
    };

const SHOP: ShopQuery = {
  category: ALL_CATEGORIES,
  keyword: '',
  sort: null,
  isSpecial: false,
  isInStock: false,
  freeFrom: [],
  brands: [],
  dietary: [],
  page: 1,
};

/** An element id from a category slug: letters, digits and dashes. */
const idPart = (text: string) => text.replace(/[^a-zA-Z0-9-]/g, '_');

/**
 * The options in the order the list shows them: aisles, then products. An aisle whose name was typed opens the aisle;
 * one holding matches opens the search in it ("“milk” in Dairy & eggs").
 */
export function suggestionOptions(
  answer: ProductSuggestions,
  keyword: string,
  listboxId: string,
): SuggestionOption[] {
  return [
    ...answer.aisles.map((a): SuggestionOption => {
      const search = toShopSearch({ ...SHOP, category: a.category, keyword: a.isNamed ? '' : keyword });
      return {
        kind: 'aisle',
        id: `${listboxId}-aisle-${idPart(a.category)}`,
        testId: `suggestion-aisle-${a.category}`,
        href: `/shop${search}`,
        label: a.isNamed ? a.label : `“${keyword}” in ${a.label} (${a.matches})`,
      };
    }),
    ...answer.products.map((p): SuggestionOption => ({
      kind: 'product',
      id: `${listboxId}-product-${p.productID}`,
      testId: `suggestion-product-${p.productID}`,
      href: `/product/${p.productID}`,
      label: p.name,
      price: p.price,
      wasPrice: p.wasPrice,
      imageUrl: p.thumbnailUrl,
    })),
  ];
}
