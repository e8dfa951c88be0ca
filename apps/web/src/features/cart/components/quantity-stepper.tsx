import { CART_LINE_QUANTITY_MAX } from '@storefront/contract/limits';
import { useEffect, useRef, useState } from 'react';
import { MinusIcon, PlusIcon } from '../../../components/icons';

type Props = {
  quantity: number;
  stock: number;
  isDisabled?: boolean;
  onCommit: (quantity: number) => void;
  testId: string;
};

/** Sends a new quantity on a step, Enter or leaving the field, not on every keystroke. */
export function QuantityStepper({ quantity, stock, isDisabled, onCommit, testId }: Props) {
  const [text, setText] = useState(String(quantity));
  const max = Math.max(1, Math.min(stock, CART_LINE_QUANTITY_MAX));
  // Enter and then leaving the field must not send the same quantity twice.
  const lastSent = useRef(quantity);

  useEffect(() => {
    setText(String(quantity));
    lastSent.current = quantity;
  }, [quantity]);

  const commit = (next: number) => {
    const clamped = Math.min(Math.max(1, Math.round(next)), max);
    if (!Number.isFinite(next) || clamped === quantity) {
      setText(String(quantity));
      return;
    }
    setText(String(clamped));
    if (clamped === lastSent.current) return;
    lastSent.current = clamped;
    onCommit(clamped);
  };
  const typed = () => (text === '' ? Number.NaN : Number(text));

  return (
    <div className="stepper">
      <button
        type="button"
        className="stepper__button"
        aria-label="One fewer"
        disabled={isDisabled || quantity <= 1}
        onClick={() => commit(quantity - 1)}
      >
        <MinusIcon />
      </button>
      <input
        className="stepper__input"
        inputMode="numeric"
        value={text}
        disabled={isDisabled}
        onChange={(e) => setText(e.target.value.replace(/[^0-9]/g, ''))}
        onBlur={() => commit(typed())}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit(typed());
        }}
        aria-label="Quantity"
        data-testid={testId}
      />
      <button
        type="button"
        className="stepper__button"
        aria-label="One more"
        disabled={isDisabled || quantity >= max}
        onClick={() => commit(quantity + 1)}
      >
        <PlusIcon />
      </button>
    </div>
  );
}
