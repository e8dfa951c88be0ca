import { Button, Form, Space } from 'antd';
import type { OrderDeliveryNotesBody, OrderDetail } from '@storefront/contract/order';
import { useRef, useState } from 'react';
import { errorCatalogue } from '@storefront/contract/errors';
import { readErrorCode, readErrorMessage } from '../../../lib/http/error-message';
import { toast } from '../../../lib/toast';
import { changeDeliveryNotes } from '../api';
import { notesToSend } from '../delivery-notes';
import { DeliveryNotesFields } from './delivery-notes-fields';

type Props = {
  order: OrderDetail;
  onChanged: (order: OrderDetail) => void;
  /** The order moved on (it shipped) and its page is out of date: read it again. */
  onStale: () => void;
};
type NotesForm = Partial<Pick<OrderDeliveryNotesBody, 'deliveryNotes' | 'leaveUnattended'>>;

/** Changes the order's instructions for the driver until it ships: a button that opens the fields in place. */
export function ChangeNotesForm({ order, onChanged, onStale }: Props) {
  const [isEditing, setIsEditing] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);

  const close = () => {
    setIsEditing(false);
    // The fields go away: keyboard focus goes back to the button that opened them, not to the page's top.
    requestAnimationFrame(() => opener.current?.focus());
  };

  const save = async (values: NotesForm) => {
    setIsSaving(true);
    try {
      const notes = notesToSend(values.deliveryNotes);
      onChanged(
        await changeDeliveryNotes({
          orderID: order.orderID,
          ...(notes === undefined ? {} : { deliveryNotes: notes }),
          leaveUnattended: values.leaveUnattended === true,
        }),
      );
      toast.success('Delivery instructions saved.');
      close();
    } catch (err) {
      toast.error(readErrorMessage(err));
      // Shipped meanwhile: the page shows it as it is now, without the fields.
      if (readErrorCode(err) === errorCatalogue.ORDER_NOTES_LOCKED.code) onStale();
    } finally {
      setIsSaving(false);
    }
  };

  if (!isEditing) {
    return (
      <Button ref={opener} onClick={() => setIsEditing(true)} data-testid="order-notes-edit">
        {order.deliveryNotes || order.leaveUnattended
          ? 'Change instructions'
          : 'Add instructions for the driver'}
      </Button>
    );
  }
  return (
    <Form<NotesForm>
      layout="vertical"
      requiredMark={false}
      initialValues={{ deliveryNotes: order.deliveryNotes ?? '', leaveUnattended: order.leaveUnattended }}
      onFinish={(values) => void save(values)}
      data-testid="order-notes-form"
    >
      {/* The button that opened the fields is gone: focus moves into them, where the customer is typing. */}
      <DeliveryNotesFields testIdPrefix="order" autoFocus />
      <Space>
        <Button type="primary" htmlType="submit" loading={isSaving} data-testid="order-notes-save">
          Save instructions
        </Button>
        <Button onClick={close} disabled={isSaving}>
          Cancel
        </Button>
      </Space>
    </Form>
  );
}
