import { Button, Checkbox, Space, type CheckboxRef } from 'antd';
import type { OrderDetail } from '@storefront/contract/order';
import { errorCatalogue } from '@storefront/contract/errors';
import { useRef, useState } from 'react';
import { readErrorCode, readErrorMessage } from '../../../lib/http/error-message';
import { toast } from '../../../lib/toast';
import { changeSubstitutes } from '../api';

type Props = {
  order: OrderDetail;
  onChanged: (order: OrderDetail) => void;
  /** The order moved on (it shipped) and its page is out of date: read it again. */
  onStale: () => void;
};

/** Changes which of the order's lines may be substituted, until it ships: a button that opens a box per line. */
export function ChangeSubstitutesForm({ order, onChanged, onStale }: Props) {
  const [allowed, setAllowed] = useState<Map<number, boolean> | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const firstBox = useRef<CheckboxRef>(null);

  const open = () => {
    // A line of an order from before substitutes were asked about starts as the cart starts a line: allowed.
    setAllowed(new Map(order.lines.map((l) => [l.productID, l.allowSubstitute !== false])));
    requestAnimationFrame(() => firstBox.current?.focus());
  };
  const close = () => {
    setAllowed(null);
    requestAnimationFrame(() => opener.current?.focus());
  };

  const save = async (choices: Map<number, boolean>) => {
    setIsSaving(true);
    try {
      const noSubstituteProductIDs = [...choices].filter(([, allow]) => !allow).map(([id]) => id);
      onChanged(await changeSubstitutes({ orderID: order.orderID, noSubstituteProductIDs }));
      toast.success('Substitutes saved.');
      close();
    } catch (err) {
      toast.error(readErrorMessage(err));
      if (readErrorCode(err) === errorCatalogue.ORDER_SUBSTITUTES_LOCKED.code) onStale();
    } finally {
      setIsSaving(false);
    }
  };

  if (!allowed) {
    return (
      <Button ref={opener} onClick={open} data-testid="order-substitutes-edit">
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
            disabled={isSaving}
            onChange={(e) => setAllowed(new Map(allowed).set(line.productID, e.target.checked))}
            data-testid={`order-substitute-${line.productID}`}
          >
            {line.name}
          </Checkbox>
        ))}
      </fieldset>
      <Space>
        <Button type="primary" htmlType="submit" loading={isSaving} data-testid="order-substitutes-save">
          Save substitutes
        </Button>
        <Button onClick={close} disabled={isSaving}>
          Cancel
        </Button>
      </Space>
    </form>
  );
}
