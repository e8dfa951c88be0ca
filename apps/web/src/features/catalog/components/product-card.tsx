import type { Product } from '@storefront/contract/catalog';
import { Link } from 'react-router';
import { CartIcon } from '../../../components/icons';
import { HeartIcon } from '../../../components/shop-icons';
import { AddToListButton } from '../../shopping-list/components/add-to-list-button';
import { DietaryMarks } from './dietary-marks';
import { ProductPrice } from './product-price';

type Props = {
  product: Product;
  isAddingToCart: boolean;
  isAddingToWishlist: boolean;
  /** Saved from this page: the heart says so. */
  isSavedToWishlist?: boolean;
  onAddToCart: () => void;
  onAddToWishlist: () => void;
  /** The first cards on screen load their image at once; the rest when scrolled near. */
  isAboveFold?: boolean;
};

/** Plain markup styled like the rest of the store: the catalogue paints without waiting for Ant Design. */
export function ProductCard({
  product,
  isAddingToCart,
  isAddingToWishlist,
  isSavedToWishlist = false,
  onAddToCart,
  onAddToWishlist,
  isAboveFold = false,
}: Props) {
  const id = product.productID;
  return (
    <article className="product-card" data-testid={`product-card-${id}`}>
      <Link
        to={`/product/${id}`}
        className="product-card__image"
        data-testid={`product-link-${id}`}
        tabIndex={-1}
        aria-hidden="true"
      >
        <img
          src={product.thumbnailUrl}
          alt=""
          width="400"
          height="300"
          loading={isAboveFold ? 'eager' : 'lazy'}
          fetchPriority={isAboveFold ? 'high' : 'auto'}
        />
      </Link>
      <div className="product-card__body">
        <Link to={`/product/${id}`} className="product-card__name">
          {product.name}
        </Link>
        <ProductPrice product={product} testId={`product-price-${id}`} />
        <div className="product-card__price">
          {!product.available && <span className="tag">Out of stock</span>}
          {product.available && product.stock <= 5 && (
            <span className="tag tag--orange">Only {product.stock} left</span>
          )}
          {/* In the tags' row, empty for most products: the marks add a line to a card, not a line and a gap. */}
          <DietaryMarks marks={product.dietary} testId={`product-dietary-${id}`} />
        </div>
        <div className="product-card__actions">
          <button
            type="button"
            className="shell-button shell-button--primary"
            disabled={!product.available || isAddingToCart}
            aria-busy={isAddingToCart}
            onClick={onAddToCart}
            data-testid={`product-add-${id}`}
          >
            {isAddingToCart ? <span className="shell-spinner" aria-hidden="true" /> : <CartIcon />}
            Add to cart
          </button>
          <button
            type="button"
            className={`shell-button shell-button--icon${isSavedToWishlist ? ' is-saved' : ''}`}
            disabled={isAddingToWishlist}
            aria-busy={isAddingToWishlist}
            onClick={onAddToWishlist}
            aria-label={
              isSavedToWishlist ? `${product.name} is in your wishlist` : `Add ${product.name} to wishlist`
            }
            title={isSavedToWishlist ? 'In your wishlist' : 'Add to wishlist'}
            data-testid={`product-wishlist-${id}`}
          >
            {isAddingToWishlist ? <span className="shell-spinner" aria-hidden="true" /> : <HeartIcon />}
          </button>
          <AddToListButton productID={id} name={product.name} look="icon" testId={`product-list-${id}`} />
        </div>
      </div>
    </article>
  );
}
