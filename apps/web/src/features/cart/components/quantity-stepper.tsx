import { CART_LINE_QUANTITY_MAX } from '@storefront/contract/limits';
import { useEffect, useRef, useState } from 'react';
import { MinusIcon, PlusIcon } from '../../../components/shop-icons';

type Props = {
  quantity: number;
  stock: number;
  isDisabled?: boolean;
  /** Sends the quantity; answers whether the server took it. */
  onCommit: (quantity: number) => Promise<boolean>;
  /**
   * The product's name, so each line's field and buttons are told apart by a screen reader ("Quantity of Vegemite
   * 380g", "One more Vegemite 380g"): a list of lines each with a bare "One more" reads as one button repeated.
   */
  productName: string;
  testId: string;
};

/**
 * Sends a new quantity on a step, Enter or leaving the field, not on every keystroke. A typed quantity it cannot
 * send as it is (above what can be bought, 0, blank) is never dropped silently: the hint under it says what it did.
 * While a quantity is being sent it takes no other (`isDisabled`) but keeps the focus: a disabled button would drop
 * it to the page, and a keyboard user pressing "One more" again would start from the top. For the same reason the
 * buttons at 1 and at the most that can be bought are only aria-disabled: reaching the limit (a step, or a typed
 * quantity and Tab) happens while the button has the focus or is being tabbed to.
 */
export function QuantityStepper({ quantity, stock, isDisabled, onCommit, productName, testId }: Props) {
  const [text, setText] = useState(String(quantity));
  const [hint, setHint] = useState('');
  const max = Math.max(1, Math.min(stock, CART_LINE_QUANTITY_MAX));
  const isAtLeast = quantity <= 1;
  const isAtMost = quantity >= max;
  // Enter and then leaving the field must not send the same quantity twice.
  const lastSent = useRef(quantity);
  // Leaving the field commits only what was typed since: after Enter it would send again or wipe the hint.
  const isEdited = useRef(false);
  // The quantity prop when a refusal arrives, which a cart read meanwhile may have changed.
  const serverQuantity = useRef(quantity);

  useEffect(() => {
    setText(String(quantity));
    serverQuantity.current = quantity;
    lastSent.current = quantity;
    isEdited.current = false;
  }, [quantity]);

  const send = async (next: number) => {
    lastSent.current = next;
    if (await onCommit(next)) return;
    // Refused (stock, rate limit, outage): show what the line really holds, and let the same number be tried again.
    setText(String(serverQuantity.current));
    setHint('');
    lastSent.current = serverQuantity.current;
  };

  const commit = (next: number) => {
    isEdited.current = false;
    setHint(describeAdjustment(next, quantity, max, stock));
    // Blank or 0 keeps the quantity (Remove takes a line out); above what can be bought is capped.
    const clamped = Math.min(Math.round(next), max);
    if (!Number.isFinite(next) || next < 1 || clamped === quantity) {
      setText(String(quantity));
      return;
    }
    setText(String(clamped));
    if (clamped === lastSent.current) return;
    void send(clamped);
  };
  const typed = () => (text === '' ? Number.NaN : Number(text));

  return (
    <div className="stepper-field">
      <div className="stepper">
        <button
          type="button"
          className="stepper__button"
          aria-label={`One fewer ${productName}`}
          aria-disabled={isDisabled || isAtLeast}
          onClick={() => {
            if (!isDisabled && !isAtLeast) commit(quantity - 1);
          }}
        >
          <MinusIcon />
        </button>
        <input
          className="stepper__input"
          inputMode="numeric"
          value={text}
          readOnly={isDisabled}
          aria-disabled={isDisabled}
          onChange={(e) => {
            setText(e.target.value.replace(/[^0-9]/g, ''));
            isEdited.current = true;
          }}
          onBlur={() => {
            if (isEdited.current) commit(typed());
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit(typed());
          }}
          aria-label={`Quantity of ${productName}`}
          data-testid={testId}
        />
        <button
          type="button"
          className="stepper__button"
          aria-label={`One more ${productName}`}
          aria-disabled={isDisabled || isAtMost}
          onClick={() => {
            if (!isDisabled && !isAtMost) commit(quantity + 1);
          }}
        >
          <PlusIcon />
        </button>
      </div>
      <p className="stepper-field__hint" role="status" data-testid={`${testId}-hint`}>
        {hint}
      </p>
    </div>
  );
}

function describeAdjustment(typed: number, quantity: number, max: number, stock: number): string {
  if (!Number.isFinite(typed)) return `Enter a quantity from 1 to ${max}. It stays at ${quantity}.`;
  if (typed < 1) return `To take this item out, use Remove. It stays at ${quantity}.`;
  if (typed > max) {
    return max === stock ? `Only ${max} in stock: set to ${max}.` : `At most ${max} per item: set to ${max}.`;
  }
  return '';
}
