import type { Product } from '@storefront/contract/catalog';
import type { useShopActions } from '../use-shop-actions';
import { ProductCard } from './product-card';

type Props = {
  products: Product[];
  actions: ReturnType<typeof useShopActions>;
  testId: string;
  /** How many cards the first screen shows at most, whose images load at once. */
  aboveFoldCount?: number;
};

export function ProductGrid({ products, actions, testId, aboveFoldCount = 0 }: Props) {
  return (
    <div className="product-grid" data-testid={testId}>
      {products.map((product, index) => (
        <ProductCard
          key={product.productID}
          product={product}
          isAboveFold={index < aboveFoldCount}
          isAddingToCart={actions.isAddingToCart(product.productID)}
          isAddingToWishlist={actions.isAddingToWishlist(product.productID)}
          isSavedToWishlist={actions.isSavedToWishlist(product.productID)}
          onAddToCart={() => void actions.addProductToCart(product.productID, 1, product.name)}
          onAddToWishlist={() => void actions.addProductToWishlist(product.productID, product.name)}
        />
      ))}
    </div>
  );
}

/** Cards-shaped placeholders with the cards' own size, so nothing moves when the products arrive. */
export function ProductGridPlaceholder({ count, testId }: { count: number; testId: string }) {
  return (
    // A plain div may not carry a name (axe: aria-prohibited-attr): the grid says what it waits for as a status.
    <div className="product-grid" data-testid={testId} role="status">
      <span className="visually-hidden">Loading products</span>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="product-card product-card--placeholder">
          <div className="product-card__image placeholder" />
          {/* The card's rows at their heights: name, price with its unit price, the tags' line, the buttons. */}
          <div className="product-card__body">
            <div className="placeholder placeholder--card-name" />
            <div className="placeholder-price">
              <div className="placeholder placeholder--card-price" />
              <div className="placeholder placeholder--card-unit" />
            </div>
            <div className="placeholder placeholder--card-tags" />
            <div className="placeholder placeholder--button" />
          </div>
        </div>
      ))}
    </div>
  );
}
