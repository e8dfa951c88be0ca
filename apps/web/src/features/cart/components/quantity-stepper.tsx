import { InputNumber } from 'antd';
import { CART_LINE_QUANTITY_MAX } from '@storefront/contract/limits';
import { useEffect, useState } from 'react';

type Props = {
  quantity: number;
  stock: number;
  isDisabled?: boolean;
  onCommit: (quantity: number) => void;
  testId: string;
};

/** Sends a new quantity on a step, Enter or leaving the field, not on every keystroke. */
export function QuantityStepper({ quantity, stock, isDisabled, onCommit, testId }: Props) {
  const [value, setValue] = useState<number | null>(quantity);
  const max = Math.max(1, Math.min(stock, CART_LINE_QUANTITY_MAX));

  useEffect(() => setValue(quantity), [quantity]);

  const commit = (next: number | null) => {
    if (next === null || next === quantity) {
      setValue(quantity);
      return;
    }
    onCommit(Math.min(Math.max(1, Math.round(next)), max));
  };

  return (
    <InputNumber
      mode="spinner"
      min={1}
      max={max}
      precision={0}
      value={value}
      disabled={isDisabled}
      onChange={setValue}
      onStep={(next) => commit(next)}
      onBlur={() => commit(value)}
      onPressEnter={() => commit(value)}
      aria-label="Quantity"
      style={{ width: 120 }}
      data-testid={testId}
    />
  );
}
