import { App, Button, Card, Checkbox, Empty, Input, Select, Space, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { PickList } from '@storefront/contract/fulfilment';
import { LoadError } from '../../../components/load-error';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { packingPath, pickListPath } from '../../../lib/access';
import { formatStoreDay, formatTime, storeDayOf } from '../../../lib/format';
import { readErrorMessage } from '../../../lib/http/api-error';
import { useRemoteData } from '../../../lib/use-remote-data';
import { startPicking } from '../../orders/api';
import { OrderStatusTag } from '../../orders/components/order-status-tag';
import { readPickList } from '../api';

type PickOrder = PickList['orders'][number];
/** A window of the day as its orders show it. */
type DayWindow = { windowID: number; startsAt: string; label: string };

function windowLabel(order: PickOrder): string {
  return order.window
    ? `${formatTime(order.window.startsAt)} – ${formatTime(order.window.endsAt)}`
    : 'Courier';
}

/** The windows a day's pick list shows, in time order. */
function windowsOf(list: PickList): DayWindow[] {
  const seen = new Map<number, DayWindow>();
  for (const order of list.orders) {
    if (order.window && !seen.has(order.window.windowID))
      seen.set(order.window.windowID, {
        windowID: order.window.windowID,
        startsAt: order.window.startsAt,
        label: windowLabel(order),
      });
  }
  return [...seen.values()].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

/** What to pick for a day (or one of its windows), aisle by aisle, then the orders to pack: on the picker's phone. */
export function PickListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const dateParam = searchParams.get('date') ?? '';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(dateParam) ? dateParam : storeDayOf();
  const windowParam = Number(searchParams.get('windowID'));
  const windowID = Number.isInteger(windowParam) && windowParam > 0 ? windowParam : undefined;
  const load = useCallback(() => readPickList({ date, windowID }), [date, windowID]);
  const { status, data, error, reload, replace } = useRemoteData(load);
  const [picked, setPicked] = useState<Set<number>>(() => new Set());
  const [dayWindows, setDayWindows] = useState<{ date: string; windows: DayWindow[] } | null>(null);

  useEffect(() => {
    // The window choice comes from the whole day's orders.
    if (data && data.windowID === null) setDayWindows({ date: data.date, windows: windowsOf(data) });
  }, [data]);
  useEffect(() => setPicked(new Set()), [date, windowID]);

  const show = (nextDate: string, nextWindow?: number) =>
    setSearchParams(new URL(pickListPath(nextDate, nextWindow), 'http://x').searchParams);

  const windows = dayWindows?.date === date ? dayWindows.windows : [];
  const toggle = (productID: number, isPicked: boolean) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (isPicked) next.add(productID);
      else next.delete(productID);
      return next;
    });

  return (
    <Page title="Pick list" lead={formatStoreDay(date)}>
      <div className="pick-filters">
        <label className="pick-filters__field">
          <span>Day</span>
          <Input
            type="date"
            size="large"
            value={date}
            onChange={(e) => e.target.value && show(e.target.value)}
            data-testid="pick-date"
          />
        </label>
        <label className="pick-filters__field">
          <span>Delivery window</span>
          <Select<number>
            size="large"
            allowClear
            placeholder="The whole day"
            value={windowID}
            options={
              windows.length > 0
                ? windows.map((w) => ({ value: w.windowID, label: w.label }))
                : windowID !== undefined && data?.orders[0]
                  ? [{ value: windowID, label: windowLabel(data.orders[0]) }]
                  : []
            }
            onChange={(chosen) => show(date, chosen)}
            notFoundContent="No windows with orders this day"
            data-testid="pick-window"
          />
        </label>
      </div>
      {status === 'failed' ? (
        <LoadError error={error} onRetry={reload} />
      ) : data === null ? (
        <PageLoading rows={8} />
      ) : (
        <>
          <Typography.Title level={2} className="pick-section">
            To pick{' '}
            <Typography.Text type="secondary" data-testid="pick-progress">
              {picked.size} of {data.items.length} picked
            </Typography.Text>
          </Typography.Title>
          {data.items.length === 0 ? (
            <Empty description="Nothing to pick for this day." data-testid="pick-items-empty" />
          ) : (
            <ul className="pick-items" data-testid="pick-items">
              {data.items.map((item, index) => {
                const isNewAisle = index === 0 || data.items[index - 1]?.aisle !== item.aisle;
                const isPicked = picked.has(item.productID);
                return (
                  <li key={item.productID}>
                    {isNewAisle && <div className="pick-items__aisle">{item.aisle}</div>}
                    <Checkbox
                      checked={isPicked}
                      onChange={(e) => toggle(item.productID, e.target.checked)}
                      className={isPicked ? 'pick-item pick-item--done' : 'pick-item'}
                      data-testid={`pick-item-${item.productID}`}
                    >
                      <span className="pick-item__qty">{item.quantity} ×</span>{' '}
                      <span className="pick-item__name">{item.name}</span>
                      <span className="pick-item__meta">
                        {item.sku} · {item.orders} {item.orders === 1 ? 'order' : 'orders'}
                      </span>
                    </Checkbox>
                  </li>
                );
              })}
            </ul>
          )}
          <Typography.Title level={2} className="pick-section">
            Orders to pack
          </Typography.Title>
          {data.orders.length === 0 ? (
            <Empty description="No paid orders for this day." data-testid="pick-orders-empty" />
          ) : (
            <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="pick-orders">
              {data.orders.map((order) => (
                <PickOrderCard
                  key={order.orderID}
                  order={order}
                  onStarted={(next) =>
                    replace({
                      ...data,
                      orders: data.orders.map((o) =>
                        o.orderID === order.orderID ? { ...o, status: next } : o,
                      ),
                    })
                  }
                />
              ))}
            </Space>
          )}
        </>
      )}
    </Page>
  );
}

function PickOrderCard({
  order,
  onStarted,
}: {
  order: PickOrder;
  onStarted: (status: PickOrder['status']) => void;
}) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [isStarting, setIsStarting] = useState(false);
  const start = async () => {
    setIsStarting(true);
    try {
      const next = await startPicking(order.orderID);
      onStarted(next.order.status);
      void navigate(packingPath(order.orderID));
    } catch (err) {
      void message.error(readErrorMessage(err));
    } finally {
      setIsStarting(false);
    }
  };
  return (
    <Card size="small" data-testid={`pick-order-${order.orderID}`}>
      <div className="pick-order">
        <div>
          <Link
            to={packingPath(order.orderID)}
            className="pick-order__link"
            data-testid={`pick-order-link-${order.orderID}`}
          >
            SO-{order.orderID}
          </Link>{' '}
          <OrderStatusTag status={order.status} />
          <div>
            {order.customerName} · {order.suburb}
          </div>
          <Typography.Text type="secondary">
            {windowLabel(order)} · {order.lineCount} {order.lineCount === 1 ? 'line' : 'lines'}
          </Typography.Text>
        </div>
        {order.status === 'paid' ? (
          <Button
            type="primary"
            size="large"
            loading={isStarting}
            onClick={() => void start()}
            data-testid={`pick-order-start-${order.orderID}`}
          >
            Start picking
          </Button>
        ) : (
          <Button
            size="large"
            onClick={() => void navigate(packingPath(order.orderID))}
            data-testid={`pick-order-pack-${order.orderID}`}
          >
            Pack
          </Button>
        )}
      </div>
    </Card>
  );
}
