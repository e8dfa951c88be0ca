import type { Product } from '@storefront/contract/catalog';
import { errorCatalogue } from '@storefront/contract/errors';
import { CART_LINE_QUANTITY_MAX } from '@storefront/contract/limits';
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../../app/not-found-page';
import { CartIcon } from '../../../components/icons';
import { HeartIcon, MinusIcon, PlusIcon } from '../../../components/shop-icons';
import { LoadFailed } from '../../../components/load-failed';
import { hasSession } from '../../../lib/http/session';
import { AfterpayInstalments } from '../../payment/components/afterpay-instalments';
import { readErrorCode } from '../../../lib/http/error-message';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRemoteData } from '../../../lib/use-remote-data';
import { ProductShippingEstimate } from '../../shipping/components/product-shipping-estimate';
import { AddToListButton } from '../../shopping-list/components/add-to-list-button';
import { loadProduct, loadRelatedProducts } from '../catalog-reads';
import { DietaryMarks } from '../components/dietary-marks';
import { FoodInformation } from '../components/food-information';
import { ProductGrid } from '../components/product-grid';
import { ProductPrice } from '../components/product-price';
import { readProductID } from '../shop-query';
import { specialEndsText } from '../special-ends';
import { useShopActions } from '../use-shop-actions';
import '../catalog.css';

const NO_SUCH_PRODUCT = 'no-such-product';

/** A product that is not there answers a not-found page, not "could not be loaded". */
async function loadProductOrNothing(productID: number): Promise<Product | typeof NO_SUCH_PRODUCT> {
  try {
    return await loadProduct(productID);
  } catch (err) {
    if (readErrorCode(err) === errorCatalogue.NOT_FOUND.code) return NO_SUCH_PRODUCT;
    throw err;
  }
}

function ProductNotFound() {
  return (
    <div className="page" data-testid="product-not-found">
      <div className="result">
        <div className="result__code" aria-hidden="true">
          404
        </div>
        <h1 className="result__title">Product not found</h1>
        <p className="result__text">
          This product is not in our shop. It may have been taken off the shelves.
        </p>
        <Link to="/shop" className="shell-button shell-button--primary" data-testid="not-found-shop">
          Back to the shop
        </Link>
      </div>
    </div>
  );
}

function readQuantity(text: string, max: number): number {
  const quantity = Math.trunc(Number(text));
  return Number.isFinite(quantity) ? Math.min(Math.max(quantity, 1), max) : 1;
}

/** What leaving the field did to a typed quantity it could not take as it is: never a silent change. */
function describeQuantityChange(text: string, max: number, stock: number): string {
  const typed = text === '' ? Number.NaN : Math.trunc(Number(text));
  if (!Number.isFinite(typed)) return `Enter a quantity from 1 to ${max}: set to 1.`;
  if (typed < 1) return 'At least 1: set to 1.';
  if (typed > max)
    return max === stock ? `Only ${max} in stock: set to ${max}.` : `At most ${max} each: set to ${max}.`;
  return '';
}

export function ProductDetailPage() {
  const productID = readProductID(useParams().productID);
  if (productID === null) return <NotFoundPage />;
  return <ProductDetail key={productID} productID={productID} />;
}

/** Plain markup like the catalogue; only the delivery estimate's suburb search uses Ant Design, loaded when wanted. */
function ProductDetail({ productID }: { productID: number }) {
  const actions = useShopActions();
  const [quantityText, setQuantityText] = useState('1');
  const [quantityHint, setQuantityHint] = useState('');
  const stepTo = (next: number) => {
    setQuantityHint('');
    setQuantityText(String(next));
  };
  const product = useRemoteData(useCallback(() => loadProductOrNothing(productID), [productID]));
  const related = useRemoteData(useCallback(() => loadRelatedProducts(productID), [productID]));
  useDocumentTitle(
    product.data === NO_SUCH_PRODUCT ? 'Product not found' : product.data ? product.data.name : 'Product',
  );

  if (product.data === NO_SUCH_PRODUCT) return <ProductNotFound />;
  if (product.status === 'failed' && !product.data) {
    return (
      <div className="page">
        <LoadFailed
          title="This product could not be loaded"
          error={product.error}
          onRetry={product.reload}
          testId="product-error"
        />
      </div>
    );
  }
  if (!product.data) {
    return (
      <div className="page" role="status" data-testid="product-loading" aria-busy="true" aria-label="Loading">
        <div className="placeholder placeholder--breadcrumb" />
        <div className="product-detail">
          <div className="product-detail__image placeholder" />
          <div>
            <div className="placeholder placeholder--title" />
            {Array.from({ length: 5 }, (_, i) => (
              <div key={i} className="placeholder placeholder--line" />
            ))}
          </div>
        </div>
      </div>
    );
  }

  const p = product.data;
  const max = Math.max(1, Math.min(p.stock, CART_LINE_QUANTITY_MAX));
  const quantity = readQuantity(quantityText, max);
  const stock = !p.available
    ? { className: 'tag', text: p.isActive ? 'Out of stock' : 'No longer sold' }
    : p.stock <= 5
      ? { className: 'tag tag--orange', text: `Only ${p.stock} left` }
      : { className: 'tag tag--green', text: 'In stock' };
  const isAddingToCart = actions.isAddingToCart(p.productID);
  const isAddingToWishlist = actions.isAddingToWishlist(p.productID);

  return (
    <div className="page" data-testid="product-page">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <Link to="/shop">Shop</Link>
        <span aria-hidden="true">/</span>
        <span aria-current="page">{p.name}</span>
      </nav>
      <div className="product-detail">
        <div className="product-detail__image">
          <img src={p.imageUrl} alt="" width="480" height="480" fetchPriority="high" />
        </div>
        <div>
          {p.brand && (
            <p className="product-detail__brand" data-testid="product-brand">
              {p.brand}
            </p>
          )}
          <h1 className="product-detail__name" data-testid="product-name">
            {p.name}
          </h1>
          <div className="product-detail__meta">
            <ProductPrice product={p} testId="product-price" isLarge />
            <span className={stock.className} data-testid="product-stock">
              {stock.text}
            </span>
          </div>
          <DietaryMarks marks={p.dietary} testId="product-dietary" />
          {p.isOnSpecial && p.specialEndsAt && (
            <p className="product-detail__special-ends" data-testid="product-special-ends">
              {specialEndsText(p.specialEndsAt)}
            </p>
          )}
          {/* Like the delivery estimate: no way to pay for what cannot be bought. */}
          {p.available && <AfterpayInstalments amountCents={p.price} />}
          <p data-testid="product-description">{p.description}</p>
          <p className="product-detail__sku">
            SKU {p.sku} · {(p.weightGrams / 1000).toFixed(2)} kg
          </p>
          <div className="product-detail__buy">
            <div className="stepper-field">
              <div className="stepper">
                <button
                  type="button"
                  className="stepper__button"
                  aria-label="One fewer"
                  disabled={!p.available}
                  // Only aria-disabled at the limits, so the button a step takes to a limit keeps the focus.
                  aria-disabled={quantity <= 1}
                  onClick={() => {
                    if (quantity > 1) stepTo(quantity - 1);
                  }}
                >
                  <MinusIcon />
                </button>
                <input
                  className="stepper__input"
                  inputMode="numeric"
                  value={quantityText}
                  disabled={!p.available}
                  onChange={(e) => setQuantityText(e.target.value.replace(/[^0-9]/g, ''))}
                  onBlur={() => {
                    setQuantityHint(describeQuantityChange(quantityText, max, p.stock));
                    setQuantityText(String(quantity));
                  }}
                  aria-label="Quantity"
                  data-testid="product-quantity"
                />
                <button
                  type="button"
                  className="stepper__button"
                  aria-label="One more"
                  disabled={!p.available}
                  aria-disabled={quantity >= max}
                  onClick={() => {
                    if (quantity < max) stepTo(quantity + 1);
                  }}
                >
                  <PlusIcon />
                </button>
              </div>
              <p className="stepper-field__hint" role="status" data-testid="product-quantity-hint">
                {quantityHint}
              </p>
            </div>
            <button
              type="button"
              className="shell-button shell-button--primary shell-button--large"
              disabled={!p.available || isAddingToCart}
              aria-busy={isAddingToCart}
              onClick={() => void actions.addProductToCart(p.productID, quantity, p.name)}
              data-testid="product-add"
            >
              {isAddingToCart ? (
                <span className="shell-spinner" aria-hidden="true" />
              ) : (
                <CartIcon size={16} />
              )}
              Add to cart
            </button>
            <button
              type="button"
              className="shell-button shell-button--large"
              disabled={isAddingToWishlist}
              aria-busy={isAddingToWishlist}
              onClick={() => void actions.addProductToWishlist(p.productID, p.name)}
              data-testid="product-wishlist"
            >
              {isAddingToWishlist ? (
                <span className="shell-spinner" aria-hidden="true" />
              ) : (
                <HeartIcon size={16} />
              )}
              {actions.isSavedToWishlist(p.productID) ? 'In your wishlist' : 'Add to wishlist'}
            </button>
            {/* Out of stock it may still go on a list for another week; no longer sold, it may not. */}
            {p.isActive && (
              <AddToListButton
                productID={p.productID}
                name={p.name}
                quantity={quantity}
                look="large"
                testId="product-add-to-list"
              />
            )}
          </div>
          {p.available && (
            <ProductShippingEstimate productID={p.productID} quantity={quantity} isSignedIn={hasSession()} />
          )}
          <FoodInformation product={p} />
        </div>
      </div>
      {related.data && related.data.length > 0 && (
        <section className="product-related" data-testid="product-related">
          <h2 className="section-title">You may also like</h2>
          <ProductGrid products={related.data} actions={actions} testId="product-related-list" />
        </section>
      )}
    </div>
  );
}
