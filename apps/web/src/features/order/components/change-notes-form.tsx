import { Button, Form, Space } from 'antd';
import type { OrderDeliveryNotesBody, OrderDetail } from '@storefront/contract/order';
import { useState } from 'react';
import { errorCatalogue } from '@storefront/contract/errors';
import { changeDeliveryNotes } from '../api';
import { notesToSend } from '../delivery-notes';
import { useOrderChange } from '../use-order-change';
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
  const change = useOrderChange({
    onChanged,
    onStale,
    lockedCode: errorCatalogue.ORDER_NOTES_LOCKED.code,
    saved: 'Delivery instructions saved.',
  });

  const close = () => {
    setIsEditing(false);
    change.focusOpener();
  };

  const save = async (values: NotesForm) => {
    const notes = notesToSend(values.deliveryNotes);
    const isSaved = await change.save(() =>
      changeDeliveryNotes({
        orderID: order.orderID,
        ...(notes === undefined ? {} : { deliveryNotes: notes }),
        leaveUnattended: values.leaveUnattended === true,
      }),
    );
    if (isSaved) close();
  };

  if (!isEditing) {
    return (
      <Button
        className="order-action"
        ref={change.opener}
        onClick={() => setIsEditing(true)}
        data-testid="order-notes-edit"
      >
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
        <Button
          className="order-action"
          type="primary"
          htmlType="submit"
          loading={change.isSaving}
          data-testid="order-notes-save"
        >
          Save instructions
        </Button>
        <Button
          className="order-action"
          onClick={close}
          disabled={change.isSaving}
          data-testid="order-notes-cancel"
        >
          Cancel
        </Button>
      </Space>
    </Form>
  );
}
