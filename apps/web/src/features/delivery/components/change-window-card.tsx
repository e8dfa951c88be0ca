import { Alert, Button, Card, Space, Typography } from 'antd';
import type { DeliveryWindow } from '@storefront/contract/delivery';
import type { OrderDetail } from '@storefront/contract/order';
import { useCallback, useState } from 'react';
import { readErrorMessage } from '../../../lib/http/error-message';
import { toast } from '../../../lib/toast';
import { useFocusReturn } from '../../../lib/use-focus-return';
import { changeDeliveryWindow } from '../api';
import { windowSummary, windowZone } from '../window-format';
import { DeliveryWindowPicker } from './delivery-window-picker';

type Props = { order: OrderDetail; onChanged: (order: OrderDetail) => void };

/** The order's delivery window, and "Change" to another at the same price before the cut-off. */
export function ChangeWindowCard({ order, onChanged }: Props) {
  const booked = order.deliveryWindow;
  // Windows are listed for an address's zone; an address deleted since the order cannot be asked about.
  const addressID = order.shippingAddress.addressID;
  const [isChanging, setIsChanging] = useState(false);
  const [choice, setChoice] = useState<number | undefined>(booked?.windowID);
  const [isSaving, setIsSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const samePrice = useCallback((w: DeliveryWindow) => w.priceDelta === booked?.priceDelta, [booked]);
  // The picker closes and its buttons go: Change takes the focus back as it returns, or it would fall to the page.
  const changeButton = useFocusReturn();
  const close = () => {
    setIsChanging(false);
    changeButton.returnFocus();
  };

  // A cancelled order gave its place in the window back: it is not coming then (its mail leaves the window out too).
  if (!booked || order.status === 'cancelled') return null;

  const save = async () => {
    if (choice === undefined) return;
    setIsSaving(true);
    setError(null);
    try {
      const updated = await changeDeliveryWindow({ orderID: order.orderID, windowID: choice });
      onChanged(updated);
      close();
      toast.success('Your delivery window is changed.');
    } catch (err) {
      setError(readErrorMessage(err));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Card size="small" title="Delivery window" style={{ marginTop: 16 }} data-testid="order-window">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <span>
          <Typography.Text strong data-testid="order-window-summary">
            {windowSummary(booked)}
            {booked.label ? ` (${booked.label})` : ''}
          </Typography.Text>{' '}
          <Typography.Text type="secondary" data-testid="order-window-zone">
            {windowZone(booked.startsAt)}
          </Typography.Text>
        </span>
        {!isChanging && order.canChangeWindow && addressID !== null && (
          <Button
            ref={changeButton.target}
            onClick={() => setIsChanging(true)}
            data-testid="order-window-change"
          >
            Change
          </Button>
        )}
        {!order.canChangeWindow && (
          <Typography.Text type="secondary">The window can no longer be changed.</Typography.Text>
        )}
        {isChanging && addressID !== null && (
          <>
            <Typography.Text type="secondary">Windows at the same price:</Typography.Text>
            <DeliveryWindowPicker
              addressID={addressID}
              value={choice}
              onChange={setChoice}
              filter={samePrice}
              currentWindowID={booked.windowID}
            />
            {error && <Alert type="error" showIcon title={error} data-testid="order-window-error" />}
            <Space wrap>
              <Button
                type="primary"
                loading={isSaving}
                disabled={choice === undefined || choice === booked.windowID}
                onClick={() => void save()}
                data-testid="order-window-save"
              >
                Move to this window
              </Button>
              <Button onClick={close}>Keep the current one</Button>
            </Space>
          </>
        )}
      </Space>
    </Card>
  );
}
