import type { Product } from '@storefront/contract/catalog';
import { markAllergens } from '../allergen-words';

type Props = {
  product: Pick<Product, 'ingredients' | 'allergensContains' | 'allergensMayContain' | 'originStatement'>;
};

/** The allergens as a label's summary statement lists them: "milk, wheat", each in bold. */
function AllergenList({ names }: { names: readonly string[] }) {
  return names.map((name, i) => (
    <span key={name}>
      {i > 0 && ', '}
      <strong>{name}</strong>
    </span>
  ));
}

/**
 * What an Australian food label tells (FSANZ Code): the ingredients, the allergens it contains and may contain, and
 * where it is from. Only the parts the product has; nothing at all for a product with none (fresh fruit has only its
 * origin).
 */
export function FoodInformation({ product }: Props) {
  const { ingredients, allergensContains, allergensMayContain, originStatement } = product;
  const hasAllergens = allergensContains.length > 0 || allergensMayContain.length > 0;
  if (!ingredients && !hasAllergens && !originStatement) return null;
  return (
    <section
      className="food-information"
      aria-labelledby="food-information-title"
      data-testid="product-food-information"
    >
      <h2 id="food-information-title" className="food-information__title">
        Food information
      </h2>
      {ingredients && (
        <>
          <h3 className="food-information__heading">Ingredients</h3>
          <p className="food-information__text" data-testid="product-ingredients">
            {markAllergens(ingredients, allergensContains).map((part, i) =>
              part.isAllergen ? <strong key={i}>{part.text}</strong> : part.text,
            )}
          </p>
        </>
      )}
      {hasAllergens && (
        <>
          <h3 className="food-information__heading">Allergens</h3>
          {allergensContains.length > 0 && (
            <p className="food-information__text" data-testid="product-allergens-contains">
              Contains: <AllergenList names={allergensContains} />.
            </p>
          )}
          {allergensMayContain.length > 0 && (
            <p className="food-information__text" data-testid="product-allergens-may-contain">
              May contain: <AllergenList names={allergensMayContain} />.
            </p>
          )}
        </>
      )}
      {originStatement && (
        <>
          <h3 className="food-information__heading">Country of origin</h3>
          <p className="food-information__text" data-testid="product-origin">
            {originStatement}
          </p>
        </>
      )}
    </section>
  );
}
