import type { CartMergeLine } from '@storefront/contract/cart';
import { countCharacters, SHOPPING_LIST_NAME_MAX } from '@storefront/contract/limits';
import type { ShoppingListOrderAdded } from '@storefront/contract/shopping-list';

/** Checks a list's name as the API does: 1 to 60 characters once trimmed; answers what is wrong, or null. */
export function checkListName(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Enter a name for the list.';
  if (countCharacters(trimmed) > SHOPPING_LIST_NAME_MAX)
    return `A list's name is at most ${SHOPPING_LIST_NAME_MAX} characters.`;
  return null;
}

/** "1 product", "5 products": how many products a list holds. */
export function productsText(count: number): string {
  return `${count} ${count === 1 ? 'product' : 'products'}`;
}

/** What putting a past order on a list did, as a toast says it. */
export function describeOrderAdded(reference: string, added: ShoppingListOrderAdded): string {
  const done = `${productsText(added.added)} from ${reference} added to ${added.list.name}.`;
  if (added.leftOut.length === 0) return done;
  return `${done} Not added, no longer sold: ${added.leftOut.map((l) => l.name).join(', ')}.`;
}

const shortfalls: Record<NonNullable<CartMergeLine['reason']>, (line: CartMergeLine) => string> = {
  unavailable: () => 'no longer sold',
  out_of_stock: () => 'sold out',
  capped: (l) =>
    l.added > 0
      ? `only ${l.added} of ${l.asked} added (stock or the 99 limit)`
      : 'your trolley already holds all we have',
  cart_full: () => 'your trolley is full',
};

/** Why a list's product did not all go into the trolley; null when it did. */
export function describeShortfall(line: CartMergeLine): string | null {
  return line.reason ? `${line.name ?? `Product ${line.productID}`}: ${shortfalls[line.reason](line)}` : null;
}
