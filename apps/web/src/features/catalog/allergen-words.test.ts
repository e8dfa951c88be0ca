import { describe, expect, it } from 'vitest';
import { markAllergens } from './allergen-words';

const marked = (ingredients: string, allergens: string[]) =>
  markAllergens(ingredients, allergens)
    .filter((p) => p.isAllergen)
    .map((p) => p.text);

describe('markAllergens', () => {
  it('marks each declared allergen where the list names it, in any letter case and as a plural', () => {
    const ingredients = 'Wheat flour, sugar, vegetable oil, Milk solids, eggs, soy lecithin, salt.';
    expect(marked(ingredients, ['milk', 'wheat', 'egg', 'soy'])).toEqual(['Wheat', 'Milk', 'eggs', 'soy']);
  });

  it('keeps the whole text, in order', () => {
    const ingredients = 'Rolled oats (55%), honey, almonds (8%), sesame seeds.';
    const parts = markAllergens(ingredients, ['sesame', 'gluten']);
    expect(parts.map((p) => p.text).join('')).toBe(ingredients);
    expect(parts.filter((p) => p.isAllergen).map((p) => p.text)).toEqual(['sesame']);
  });

  it('marks whole words only, and nothing when the product declares none', () => {
    expect(marked('Eggplant (62%), tomato, Milkwood honey.', ['milk', 'egg'])).toEqual([]);
    expect(markAllergens('Milk.', [])).toEqual([{ text: 'Milk.', isAllergen: false }]);
  });

  it('marks a name of two words whole', () => {
    expect(marked('Dark chocolate, tree nuts (hazelnut).', ['tree nuts'])).toEqual(['tree nuts']);
  });
});
