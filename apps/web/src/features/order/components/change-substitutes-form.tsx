import { Button, Checkbox, Space, type CheckboxRef } from 'antd';
import type { OrderDetail } from '@storefront/contract/order';
import { errorCatalogue } from '@storefront/contract/errors';
import { useRef, useState } from 'react';
import { changeSubstitutes } from '../api';
import { useOrderChange } from '../use-order-change';

type Props = {
  order: OrderDetail;
  onChanged: (order: OrderDetail) => void;
  /** The order moved on (it shipped) and its page is out of date: read it again. */
  onStale: () => void;
};

/** Changes which of the order's lines may be substituted, until it ships: a button that opens a box per line. */
export function ChangeSubstitutesForm({ order, onChanged, onStale }: Props) {
  const [allowed, setAllowed] = useState<Map<number, boolean> | null>(null);
  const firstBox = useRef<CheckboxRef>(null);
  const change = useOrderChange({
    onChanged,
    onStale,
    lockedCode: errorCatalogue.ORDER_SUBSTITUTES_LOCKED.code,
    saved: 'Substitutes saved.',
  });

  const open = () => {
    // A line of an order from before substitutes were asked about starts as the cart starts a line: allowed.
    setAllowed(new Map(order.lines.map((l) => [l.productID, l.allowSubstitute !== false])));
    requestAnimationFrame(() => firstBox.current?.focus());
  };
  const close = () => {
    setAllowed(null);
    change.focusOpener();
  };

  const save = async (choices: Map<number, boolean>) => {
    const noSubstituteProductIDs = [...choices].filter(([, allow]) => !allow).map(([id]) => id);
    const isSaved = await change.save(() =>
      changeSubstitutes({ orderID: order.orderID, noSubstituteProductIDs }),
    );
    if (isSaved) close();
  };

  if (!allowed) {
    return (
      <Button
        className="order-action"
        ref={change.opener}
        onClick={open}
        data-testid="order-substitutes-edit"
      >
        Change substitutes
      </Button>
    );
  }
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save(allowed);
      }}
      data-testid="order-substitutes-form"
    >
      <fieldset className="order-substitutes">
        <legend>Allow a substitute for</legend>
        {order.lines.map((line, i) => (
          <Checkbox
            key={line.productID}
            ref={i === 0 ? firstBox : undefined}
            checked={allowed.get(line.productID) === true}
            disabled={change.isSaving}
            onChange={(e) => setAllowed(new Map(allowed).set(line.productID, e.target.checked))}
            data-testid={`order-substitute-${line.productID}`}
          >
            {line.name}
          </Checkbox>
        ))}
      </fieldset>
      <Space>
        <Button
          className="order-action"
          type="primary"
          htmlType="submit"
          loading={change.isSaving}
          data-testid="order-substitutes-save"
        >
          Save substitutes
        </Button>
        <Button
          className="order-action"
          onClick={close}
          disabled={change.isSaving}
          data-testid="order-substitutes-cancel"
        >
          Cancel
        </Button>
      </Space>
    </form>
  );
}
