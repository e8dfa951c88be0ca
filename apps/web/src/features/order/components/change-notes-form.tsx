import { Button, Form, Space } from 'antd';
import type { OrderDetail } from '@storefront/contract/order';
import { useRef, useState } from 'react';
import { readErrorMessage } from '../../../lib/http/error-message';
import { toast } from '../../../lib/toast';
import { changeDeliveryNotes } from '../api';
import { DeliveryNotesFields } from './delivery-notes-fields';

type Props = { order: OrderDetail; onChanged: (order: OrderDetail) => void };
type NotesForm = { deliveryNotes?: string; leaveUnattended?: boolean };

/** Changes the order's instructions for the driver until it ships: a button that opens the fields in place. */
export function ChangeNotesForm({ order, onChanged }: Props) {
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
      const notes = values.deliveryNotes?.trim() ? values.deliveryNotes : undefined;
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
      <DeliveryNotesFields testIdPrefix="order" />
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
