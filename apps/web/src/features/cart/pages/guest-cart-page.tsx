import type { Product } from '@storefront/contract/catalog';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { readErrorMessage } from '../../../lib/http/error-message';
import { formatMoney } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRemovalFocus } from '../../../lib/use-removal-focus';
import { CartLineItem } from '../components/cart-line-item';
import { SpecialsSavings } from '../components/specials-savings';
import { TotalsBreakdown } from '../components/totals-breakdown';
import { removeFromGuestCart, setGuestQuantity } from '../guest-cart';
import { savingsOf } from '../price-cart';
import {
  isEditable,
  priceGuestLines,
  readGuestProducts,
  totalGuestLines,
  type GuestLine,
  type ReadProduct,
} from '../guest-cart-lines';
import { useGuestCart } from '../use-guest-cart';

/** After sign-in (or registration) the guest cart is merged into the account's, and checkout opens on it. */
export const SIGN_IN_TO_CHECK_OUT = `/login?redirect=${encodeURIComponent('/checkout')}`;
export const REGISTER_TO_CHECK_OUT = `/register?redirect=${encodeURIComponent('/checkout')}`;

/** The products of the guest cart's lines, each read once while the page is open (a line added meanwhile is read). */
function useGuestProducts(productIDs: readonly number[], readProduct: ReadProduct) {
  const [products, setProducts] = useState<ReadonlyMap<number, Product | null>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const missing = productIDs.filter((id) => !products.has(id)).join(',');

  useEffect(() => {
    if (missing === '') return;
    let isCurrent = true;
    setError(null);
    readGuestProducts(missing.split(',').map(Number), readProduct).then(
      (read) => {
        if (isCurrent) setProducts((prev) => new Map([...prev, ...read]));
      },
      (err: unknown) => {
        if (isCurrent) setError(readErrorMessage(err));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [missing, readProduct, attempt]);

  return {
    products,
    isComplete: missing === '',
    error: missing === '' ? null : error,
    retry: () => setAttempt((n) => n + 1),
  };
}

/**
 * The cart of a signed-out visitor: the lines kept in this browser, priced from the public catalogue, to change or
 * take out; checking out asks for sign-in, which moves them into the account's cart.
 */
export function GuestCartPage({ readProduct }: { readProduct: ReadProduct }) {
  useDocumentTitle('Your cart');
  const guestCart = useGuestCart();
  const { products, isComplete, error, retry } = useGuestProducts(
    guestCart.items.map((item) => item.productID),
    readProduct,
  );
  // A quantity taken shows only in the line's and the cart's totals: said to a screen reader here.
  const [quantityTaken, setQuantityTaken] = useState('');
  const lines = priceGuestLines(guestCart.items, products);
  const removalFocus = useRemovalFocus(lines.map((line) => line.productID));
  const editable = lines.filter(isEditable);
  const unavailable = lines.filter((line) => !isEditable(line));
  const { count, subtotal } = totalGuestLines(lines);

  const removeLines = (removed: readonly GuestLine[], done: string) => {
    const [first] = removed;
    if (!first) return;
    void removalFocus.remove(first.productID, () => {
      removeFromGuestCart(removed.map((line) => line.productID));
      toast.success(done);
      return Promise.resolve(true);
    });
  };

  let body;
  if (error) {
    body = (
      <LoadFailed title="Your cart could not be loaded" error={error} onRetry={retry} testId="cart-error" />
    );
  } else if (guestCart.items.length === 0) {
    body = (
      <div className="panel empty" data-testid="cart-empty">
        <p>Your trolley is empty</p>
        <Link
          to="/shop"
          ref={removalFocus.emptyTargetRef}
          className="shell-button shell-button--primary"
          data-testid="cart-empty-shop"
        >
          Start shopping
        </Link>
      </div>
    );
  } else if (!isComplete && lines.length === 0) {
    body = (
      <div className="cart-layout" data-testid="cart-loading" aria-busy="true" aria-label="Loading your cart">
        <div className="panel placeholder-panel">
          {guestCart.items.slice(0, 4).map((item) => (
            <div key={item.productID} className="placeholder placeholder--line" />
          ))}
        </div>
      </div>
    );
  } else {
    body = (
      <div className="cart-layout">
        <div className="cart-main">
          {editable.length > 0 && (
            <section className="panel panel--flush" data-testid="cart-available" aria-label="Your items">
              {editable.map((line) => (
                <CartLineItem
                  key={line.productID}
                  line={line}
                  isBusy={false}
                  onQuantity={(quantity) => {
                    setGuestQuantity(line.productID, quantity);
                    setQuantityTaken(`${line.name}: ${quantity} in your cart.`);
                    return Promise.resolve(true);
                  }}
                  onDelete={() => removeLines([line], `${line.name} removed from your cart.`)}
                  removeButtonRef={removalFocus.controlRef(line.productID)}
                />
              ))}
            </section>
          )}
          {unavailable.length > 0 && (
            <section className="panel panel--flush cart-unavailable" data-testid="cart-unavailable">
              <div className="panel__head">
                <strong>Unavailable</strong>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => removeLines(unavailable, 'Unavailable items removed.')}
                  data-testid="cart-unavailable-clear"
                >
                  Remove all
                </button>
              </div>
              {unavailable.map((line) => (
                <CartLineItem
                  key={line.productID}
                  line={line}
                  isBusy={false}
                  onDelete={() => removeLines([line], `${line.name} removed from your cart.`)}
                  removeButtonRef={removalFocus.controlRef(line.productID)}
                />
              ))}
            </section>
          )}
        </div>
        <div className="cart-side">
          <section className="panel panel--small" data-testid="cart-summary">
            <h2 className="panel__title panel__title--ruled">Order summary</h2>
            <TotalsBreakdown
              totals={{
                subtotal,
                discount: 0,
                shipping: null,
                creditUsed: 0,
                total: subtotal,
                amountDue: subtotal,
                gst: null,
              }}
              labels={{ subtotal: `Subtotal (${count} item${count === 1 ? '' : 's'})` }}
              testIds={{ subtotal: 'cart-subtotal', shipping: 'cart-shipping-amount', total: 'cart-total' }}
            />
            <SpecialsSavings
              amount={savingsOf(lines.filter((line) => line.unavailableReason === null))}
              testId="cart-savings"
            />
            <p className="text-secondary text-small cart-summary__note" data-testid="guest-cart-note">
              Sign in to check out: what you added here goes into your account’s cart, and delivery, discount
              codes and store credit are worked out at checkout. Prices in AUD, GST included.
            </p>
            <p className="text-small cart-summary__note">
              New here?{' '}
              <Link to={REGISTER_TO_CHECK_OUT} data-testid="guest-cart-register">
                Create an account
              </Link>
            </p>
          </section>
          {/* On a phone the summary is far below the lines: this bar stays at the foot of the screen. */}
          <div className="bottom-bar" data-testid="cart-checkout-bar">
            <div className="bottom-bar__total">
              <span className="text-secondary text-small">Before delivery</span>
              <strong data-testid="cart-checkout-bar-total">{formatMoney(subtotal)}</strong>
            </div>
            <Link
              to={SIGN_IN_TO_CHECK_OUT}
              className="shell-button shell-button--primary shell-button--large shell-button--block"
              data-testid="guest-cart-sign-in"
            >
              Sign in to check out
            </Link>
          </div>
        </div>
      </div>
    );
  }

  return (
    <div className="page cart-page" data-testid="cart-page">
      <h1 className="page-title cart-title">Your cart</h1>
      <p className="visually-hidden" role="status" data-testid="cart-quantity-status">
        {quantityTaken}
      </p>
      {body}
    </div>
  );
}
