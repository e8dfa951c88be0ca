import type { CartLine } from '@storefront/contract/cart';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { Link, useNavigate } from 'react-router';
import { callRejectionOf, useAppDispatch, useAppSelector, type CallRejection } from '../../../app/hooks';
import { CloseIcon } from '../../../components/shop-icons';
import { LoadFailed } from '../../../components/load-failed';
import { CartShippingEstimate } from '../../shipping/components/cart-shipping-estimate';
import { describeMinimumGap } from '../../shipping/minimum-order';
import { useCartShipping } from '../../shipping/use-cart-shipping';
import { describeCartChange } from '../cart-changes';
import {
  deleteLines,
  emptyCart,
  fetchCart,
  selectAllLines,
  selectCart,
  selectCartError,
  selectCartLinesStale,
  selectCartStatus,
  updateLine,
} from '../cart-slice';
import { CART_SUBSTITUTES_NOTE } from '@storefront/contract/substitutes';
import { CartLineItem } from '../components/cart-line-item';
import { CartSummary } from '../components/cart-summary';
import { DiscountForm } from '../components/discount-form';
import { SkipToSummary } from '../components/skip-to-summary';
import { useCartChanges } from '../use-cart-changes';
import { priceCart } from '../price-cart';
import { formatMoney } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRemovalFocus } from '../../../lib/use-removal-focus';
import { hasSession } from '../../../lib/http/session';
import type { ReadProduct } from '../guest-cart-lines';
import { GuestCartPage } from './guest-cart-page';

/** Said on a line whose quantity change never reached the store; the stepper shows what the cart still holds. */
const OFFLINE_LINE_NOTE = (quantity: number) =>
  `Not changed to ${quantity}: no connection. Try again when you are back online.`;

/**
 * `/cart`: the account's cart signed in, the cart kept in this browser signed out. The catalogue's product read is
 * given by the router, which composes the features (the cart may not import the catalogue, which imports it).
 */
export function makeCartRoute(readProduct: ReadProduct): ComponentType {
  return function CartRoute() {
    return hasSession() ? <CartPage /> : <GuestCartPage readProduct={readProduct} />;
  };
}

export function CartPage() {
  useDocumentTitle('Your cart');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const cart = useAppSelector(selectCart);
  const status = useAppSelector(selectCartStatus);
  const error = useAppSelector(selectCartError);
  const linesStale = useAppSelector(selectCartLinesStale);
  const { changes, dismiss } = useCartChanges();
  const [busyIDs, setBusyIDs] = useState<number[]>([]);
  // A quantity taken shows only in the line's and the cart's totals: said to a screen reader here.
  const [quantityTaken, setQuantityTaken] = useState('');
  const [lineNotes, setLineNotes] = useState<Partial<Record<number, string>>>({});
  const setLineNote = (productID: number, note: string | undefined) =>
    setLineNotes((prev) => ({ ...prev, [productID]: note }));
  const hasSelection = cart.count > 0;
  const cartKey = [
    cart.subtotal,
    cart.count,
    cart.discount,
    cart.freeShipping,
    cart.available.map((l) => `${l.productID}:${l.quantity}:${l.selected}`).join(','),
  ].join('|');
  const shipping = useCartShipping(cartKey, hasSelection);
  // Below the delivery zone's minimum order, checkout waits for more in the cart.
  const minimumGap = hasSelection ? describeMinimumGap(shipping.quote) : null;
  const removalFocus = useRemovalFocus([...cart.available, ...cart.unavailable].map((l) => l.productID));

  /** Runs a cart write with its lines busy; answers whether the server took it. */
  const run = async (
    ids: number[],
    write: () => Promise<unknown>,
    done?: string,
    onRefused?: (rejection: CallRejection | null) => void,
  ): Promise<boolean> => {
    setBusyIDs((prev) => [...prev, ...ids]);
    try {
      await write();
      if (done) toast.success(done);
      return true;
    } catch (err) {
      const rejection = callRejectionOf(err);
      toast.error(rejection?.message ?? 'Your cart could not be changed.');
      onRefused?.(rejection);
      return false;
    } finally {
      setBusyIDs((prev) => prev.filter((id) => !ids.includes(id)));
    }
  };

  const removeLine = (line: CartLine) =>
    removalFocus.remove(line.productID, () =>
      run(
        [line.productID],
        () => dispatch(deleteLines([line.productID])).unwrap(),
        `${line.name} removed from your cart.`,
      ),
    );

  // A reload keeps the cart on screen (a failed one too); the first load shows the skeleton, and so does the read
  // after products were added elsewhere, whose lines were never shown as they are now.
  const isLoaded = !linesStale && (status === 'succeeded' || cart !== emptyCart);
  if (status === 'failed' && (cart.lineCount === 0 || linesStale)) {
    return (
      <div className="page">
        <h1 className="page-title cart-title">Your cart</h1>
        <LoadFailed
          title="Your cart could not be loaded"
          error={error}
          onRetry={() => void dispatch(fetchCart())}
          testId="cart-error"
        />
      </div>
    );
  }

  const allIDs = cart.available.map((l) => l.productID);
  const selectedCount = cart.available.filter((l) => l.selected).length;
  const isAllSelected = allIDs.length > 0 && selectedCount === allIDs.length;

  return (
    <div className="page cart-page" data-testid="cart-page">
      <h1 className="page-title cart-title">Your cart</h1>
      <p className="visually-hidden" role="status" data-testid="cart-quantity-status">
        {quantityTaken}
      </p>
      {changes.length > 0 && (
        <div className="notice notice--warning" role="status" data-testid="cart-changes">
          <div className="notice__head">
            <strong>Your cart changed since you last looked</strong>
            <button type="button" className="link-button" onClick={dismiss} aria-label="Close">
              <CloseIcon />
            </button>
          </div>
          <ul className="cart-changes">
            {changes.map((line) => (
              <li key={line.productID}>{describeCartChange(line)}</li>
            ))}
          </ul>
        </div>
      )}
      {!isLoaded ? (
        <div
          className="cart-layout"
          data-testid="cart-loading"
          aria-busy="true"
          aria-label="Loading your cart"
        >
          <div className="panel placeholder-panel">
            {Array.from({ length: 4 }, (_, i) => (
              <div key={i} className="placeholder placeholder--line" />
            ))}
          </div>
        </div>
      ) : cart.lineCount === 0 ? (
        <div className="panel empty" data-testid="cart-empty">
          <p>Your cart is empty</p>
          <Link
            to="/shop"
            ref={removalFocus.emptyTargetRef}
            className="shell-button shell-button--primary"
            data-testid="cart-empty-shop"
          >
            Start shopping
          </Link>
        </div>
      ) : (
        <div className="cart-layout">
          <div className="cart-main">
            <SkipToSummary />
            {cart.available.length > 0 && (
              <section className="panel panel--flush" data-testid="cart-available">
                <div className="panel__head">
                  <SelectAll
                    isChecked={isAllSelected}
                    isMixed={selectedCount > 0 && !isAllSelected}
                    isDisabled={busyIDs.length > 0}
                    count={allIDs.length}
                    onChange={(checked) => void run(allIDs, () => dispatch(selectAllLines(checked)).unwrap())}
                  />
                </div>
                {cart.available.map((line) => (
                  <CartLineItem
                    key={line.productID}
                    line={line}
                    isBusy={busyIDs.includes(line.productID)}
                    onSelect={(selected) =>
                      void run([line.productID], () =>
                        dispatch(updateLine({ productID: line.productID, selected })).unwrap(),
                      )
                    }
                    onAllowSubstitute={(allowSubstitute) =>
                      void run([line.productID], () =>
                        dispatch(updateLine({ productID: line.productID, allowSubstitute })).unwrap(),
                      )
                    }
                    note={lineNotes[line.productID]}
                    onQuantity={async (quantity) => {
                      setQuantityTaken('');
                      setLineNote(line.productID, undefined);
                      const isTaken = await run(
                        [line.productID],
                        () => dispatch(updateLine({ productID: line.productID, quantity })).unwrap(),
                        undefined,
                        (rejection) => {
                          if (rejection?.isNetworkFailure)
                            setLineNote(line.productID, OFFLINE_LINE_NOTE(quantity));
                        },
                      );
                      if (isTaken) setQuantityTaken(`${line.name}: ${quantity} in your cart.`);
                      return isTaken;
                    }}
                    onDelete={() => void removeLine(line)}
                    removeButtonRef={removalFocus.controlRef(line.productID)}
                  />
                ))}
                <p className="cart-substitutes text-secondary text-small" data-testid="cart-substitutes">
                  {CART_SUBSTITUTES_NOTE}
                </p>
              </section>
            )}
            {cart.unavailable.length > 0 && (
              <section className="panel panel--flush cart-unavailable" data-testid="cart-unavailable">
                <div className="panel__head">
                  <strong>Unavailable</strong>
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => {
                      const [first, ...rest] = cart.unavailable.map((l) => l.productID);
                      if (first === undefined) return;
                      const ids = [first, ...rest];
                      // The section goes with its button: focus goes on as it does after one line's removal.
                      void removalFocus.remove(first, () =>
                        run(ids, () => dispatch(deleteLines(ids)).unwrap(), 'Unavailable items removed.'),
                      );
                    }}
                    data-testid="cart-unavailable-clear"
                  >
                    Remove all
                  </button>
                </div>
                {cart.unavailable.map((line) => (
                  <CartLineItem
                    key={line.productID}
                    line={line}
                    isBusy={busyIDs.includes(line.productID)}
                    onDelete={() => void removeLine(line)}
                    removeButtonRef={removalFocus.controlRef(line.productID)}
                  />
                ))}
              </section>
            )}
          </div>
          <div className="cart-side">
            <CartShippingEstimate shipping={shipping} hasSelection={hasSelection} />
            <CartSummary cart={cart} shipping={hasSelection ? shipping.chosenOption : null}>
              <DiscountForm coupon={cart.coupon} shipping={hasSelection ? shipping.chosenOption : null} />
              <div style={{ height: 12 }} />
            </CartSummary>
            {/* On a phone the summary is far below the lines: this bar stays at the foot of the screen. */}
            <div
              className={`bottom-bar${minimumGap ? ' bottom-bar--blocked' : ''}`}
              data-testid="cart-checkout-bar"
            >
              {minimumGap && (
                <p className="bottom-bar__blocked" id="cart-checkout-blocked">
                  {minimumGap}
                </p>
              )}
              <div className="bottom-bar__total">
                <span className="text-secondary text-small">Total</span>
                <strong data-testid="cart-checkout-bar-total">
                  {formatMoney(priceCart(cart, hasSelection ? shipping.chosenOption : null).total)}
                </strong>
              </div>
              <button
                type="button"
                className="shell-button shell-button--primary shell-button--large shell-button--block"
                disabled={!hasSelection || minimumGap !== null}
                aria-describedby={minimumGap ? 'cart-checkout-blocked' : undefined}
                onClick={() => void navigate('/checkout')}
                data-testid="cart-checkout"
              >
                Checkout
              </button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}

function SelectAll({
  isChecked,
  isMixed,
  isDisabled,
  count,
  onChange,
}: {
  isChecked: boolean;
  isMixed: boolean;
  isDisabled: boolean;
  count: number;
  onChange: (checked: boolean) => void;
}) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = isMixed;
  }, [isMixed]);
  return (
    <label className="checkbox-label cart-select-all">
      <input
        ref={box}
        type="checkbox"
        className="checkbox"
        checked={isChecked}
        aria-disabled={isDisabled}
        onChange={(e) => {
          if (!isDisabled) onChange(e.target.checked);
        }}
        data-testid="cart-select-all"
      />
      Select all ({count})
    </label>
  );
}
