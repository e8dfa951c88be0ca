import type { CartLine, UnavailableReason } from '@storefront/contract/cart';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { DeleteIcon } from '../../../components/shop-icons';
import { formatMoney } from '../../../lib/money';
import { QuantityStepper } from './quantity-stepper';

/** A line as drawn: the account's cart line, or the guest cart's (no selection or substitute choice there). */
type ShownLine = Pick<
  CartLine,
  | 'productID'
  | 'name'
  | 'imageUrl'
  | 'price'
  | 'regularPrice'
  | 'quantity'
  | 'stock'
  | 'lineTotal'
  | 'unavailableReason'
> &
  Partial<Pick<CartLine, 'selected' | 'allowSubstitute'>>;

type Props = {
  line: ShownLine;
  isBusy: boolean;
  onSelect?: (selected: boolean) => void;
  /** Given on lines that can be ordered: the customer's choice of a substitute if it runs out. */
  onAllowSubstitute?: (allow: boolean) => void;
  /** Answers whether the server took the quantity. */
  onQuantity?: (quantity: number) => Promise<boolean>;
  onDelete: () => void;
  removeButtonRef?: (element: HTMLButtonElement | null) => void;
  /** What became of the line's last change when it did not go through (no connection), said beside it. */
  note?: string;
};

const reasonLabels: Record<UnavailableReason, string> = {
  inactive: 'No longer sold',
  out_of_stock: 'Out of stock',
  not_enough_stock: 'Not enough stock',
};

/** Asks before removing, in a small box beside the button (Escape or "Keep" closes it and focus goes back). */
function RemoveButton({
  name,
  isBusy,
  onConfirm,
  testId,
  buttonRef,
}: {
  name: string;
  isBusy: boolean;
  onConfirm: () => void;
  testId: string;
  buttonRef?: (element: HTMLButtonElement | null) => void;
}) {
  const [isAsking, setIsAsking] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (isAsking) keep.current?.focus();
  }, [isAsking]);
  const close = () => {
    setIsAsking(false);
    opener.current?.focus();
  };
  return (
    <div className="confirm">
      <button
        type="button"
        ref={(element) => {
          opener.current = element;
          buttonRef?.(element);
        }}
        className="shell-button shell-button--icon shell-button--text shell-button--danger"
        aria-label={`Remove ${name}`}
        aria-expanded={isAsking}
        disabled={isBusy}
        onClick={() => setIsAsking(!isAsking)}
        data-testid={testId}
      >
        <DeleteIcon />
      </button>
      {isAsking && (
        <div
          className="confirm__box"
          role="dialog"
          aria-label="Remove this item?"
          onKeyDown={(e) => {
            if (e.key === 'Escape') close();
          }}
        >
          <p className="confirm__question">Remove this item?</p>
          <div className="confirm__actions">
            <button type="button" ref={keep} className="shell-button shell-button--small" onClick={close}>
              Keep
            </button>
            <button
              type="button"
              className="shell-button shell-button--small shell-button--primary shell-button--danger-fill"
              onClick={() => {
                close();
                onConfirm();
              }}
              data-testid="cart-delete-confirm"
            >
              Remove
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

export function CartLineItem({
  line,
  isBusy,
  onSelect,
  onAllowSubstitute,
  onQuantity,
  onDelete,
  removeButtonRef,
  note,
}: Props) {
  const id = line.productID;
  return (
    <div className="cart-line" data-testid={`cart-line-${id}`}>
      {onSelect && (
        // The label around the box is what a finger taps: 44 px square, the box drawn in its middle.
        <label className="cart-line__select" data-testid={`cart-line-select-${id}-target`}>
          <input
            type="checkbox"
            className="checkbox"
            checked={line.selected ?? false}
            aria-disabled={isBusy}
            onChange={(e) => {
              if (!isBusy) onSelect(e.target.checked);
            }}
            aria-label={`Select ${line.name}`}
            data-testid={`cart-line-select-${id}`}
          />
        </label>
      )}
      {/* The name beside it is the same link, so the picture is skipped by keyboard and screen reader. */}
      {line.imageUrl ? (
        <Link to={`/product/${id}`} className="cart-line__image" tabIndex={-1} aria-hidden="true">
          <img src={line.imageUrl} alt="" width="72" height="72" />
        </Link>
      ) : (
        <span className="cart-line__image" aria-hidden="true" />
      )}
      <div className="cart-line__info">
        <Link to={`/product/${id}`} className="cart-line__name" data-testid={`cart-line-name-${id}`}>
          {line.name}
        </Link>
        <span className="text-secondary">
          {formatMoney(line.price)} each
          {/* On special: the regular price beside it, as the shop shows it. */}
          {line.regularPrice > line.price && (
            <span className="cart-line__was" data-testid={`cart-line-was-${id}`}>
              <span className="visually-hidden">was </span>
              <s>{formatMoney(line.regularPrice)}</s>
            </span>
          )}
        </span>
        {onAllowSubstitute && (
          <label className="checkbox-label cart-line__substitute">
            <input
              type="checkbox"
              className="checkbox"
              checked={line.allowSubstitute ?? false}
              aria-disabled={isBusy}
              onChange={(e) => {
                if (!isBusy) onAllowSubstitute(e.target.checked);
              }}
              // Said with the product, as the line's other controls are, for whoever moves from box to box.
              aria-label={`Allow a substitute for ${line.name}`}
              data-testid={`cart-line-substitute-${id}`}
            />
            Allow a substitute
          </label>
        )}
        {line.unavailableReason && (
          <div>
            <span className="tag tag--orange" data-testid={`cart-line-reason-${id}`}>
              {reasonLabels[line.unavailableReason]}
              {line.unavailableReason === 'not_enough_stock' ? ` (${line.stock} left)` : ''}
            </span>
          </div>
        )}
        <p className="cart-line__note" role="status" data-testid={`cart-line-note-${id}`}>
          {note}
        </p>
      </div>
      <div className="cart-line__actions">
        {onQuantity ? (
          <QuantityStepper
            quantity={line.quantity}
            stock={line.stock}
            isDisabled={isBusy}
            onCommit={onQuantity}
            productName={line.name}
            testId={`cart-line-quantity-${id}`}
          />
        ) : (
          <span className="text-secondary">Qty {line.quantity}</span>
        )}
        <strong className="cart-line__total" data-testid={`cart-line-total-${id}`}>
          {formatMoney(line.lineTotal)}
        </strong>
        <RemoveButton
          name={line.name}
          isBusy={isBusy}
          onConfirm={onDelete}
          testId={`cart-line-delete-${id}`}
          buttonRef={removeButtonRef}
        />
      </div>
    </div>
  );
}
