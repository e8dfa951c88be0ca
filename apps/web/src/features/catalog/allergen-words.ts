/** A piece of an ingredient list, and whether it names one of the allergens the product declares. */
export type IngredientPart = { text: string; isAllergen: boolean };

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The ingredient list in pieces, the declared allergens' names (and their plurals) marked, so they can be printed in
 * bold as Australian labels print them ("wheat flour", "Milk solids", "eggs"). Only whole words are marked.
 */
export function markAllergens(ingredients: string, allergens: readonly string[]): IngredientPart[] {
  const names = allergens.filter((a) => a.trim() !== '').map(escapeRegExp);
  if (names.length === 0) return [{ text: ingredients, isAllergen: false }];
  // Longest first, so "tree nuts" is marked whole rather than as "nuts".
  names.sort((a, b) => b.length - a.length);
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${names.join('|')})(?:e?s)?(?![\\p{L}\\p{N}])`, 'giu');
  const parts: IngredientPart[] = [];
  let at = 0;
  for (const match of ingredients.matchAll(pattern)) {
    if (match.index > at) parts.push({ text: ingredients.slice(at, match.index), isAllergen: false });
    parts.push({ text: match[0], isAllergen: true });
    at = match.index + match[0].length;
  }
  if (at < ingredients.length) parts.push({ text: ingredients.slice(at), isAllergen: false });
  return parts;
}
