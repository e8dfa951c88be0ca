import { Button, Card, Empty, List, Pagination, Skeleton, Tabs, Typography } from 'antd';
import type { OrderStatus } from '@storefront/contract/order';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { formatMoney } from '../../../lib/money';
import { useRemoteData } from '../../../lib/use-remote-data';
import { fetchOrderStat, listOrders } from '../api';
import { OrderStatusTag } from '../components/order-status-tag';
import { formatOrderDay, orderStatusLabels, orderStatusOrder } from '../order-status';

const PAGE_SIZE = 10;
type Filter = OrderStatus | 'all';

export function OrdersPage() {
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const stat = useRemoteData(fetchOrderStat);
  const loadOrders = useCallback(
    () => listOrders({ page, pageSize: PAGE_SIZE, ...(filter === 'all' ? {} : { status: [filter] }) }),
    [filter, page],
  );
  const orders = useRemoteData(loadOrders);

  const tabs = [
    { key: 'all', label: `All${stat.data ? ` (${stat.data.total})` : ''}` },
    ...orderStatusOrder.map((s) => ({
      key: s,
      label: `${orderStatusLabels[s]}${stat.data ? ` (${stat.data.counts[s]})` : ''}`,
    })),
  ];

  return (
    <Card title="Orders" data-testid="orders-page">
      <Tabs
        activeKey={filter}
        items={tabs.map((t) => ({ ...t, label: <span data-testid={`orders-tab-${t.key}`}>{t.label}</span> }))}
        onChange={(key) => {
          setFilter(key as Filter);
          setPage(1);
        }}
        data-testid="orders-tabs"
      />
      {orders.status === 'failed' ? (
        <LoadFailed
          title="Your orders could not be loaded"
          error={orders.error}
          onRetry={orders.reload}
          testId="orders-error"
        />
      ) : !orders.data || orders.status === 'loading' ? (
        <Skeleton active paragraph={{ rows: 6 }} data-testid="orders-loading" />
      ) : orders.data.total === 0 ? (
        <Empty
          description={filter === 'all' ? 'You have not placed any orders yet' : 'No orders with this status'}
          data-testid="orders-empty"
        >
          <Link to="/shop">
            <Button type="primary" data-testid="orders-empty-shop">
              Start shopping
            </Button>
          </Link>
        </Empty>
      ) : (
        <>
          <List
            dataSource={orders.data.list}
            rowKey="orderID"
            data-testid="orders-list"
            renderItem={(order) => (
              <List.Item className="order-card" data-testid="order-card">
                <Link
                  to={`/account/orders/${order.orderID}`}
                  className="order-card__link"
                  data-testid={`order-open-${order.orderID}`}
                >
                  <div className="order-card__head">
                    <Typography.Text strong>Order #{order.orderID}</Typography.Text>
                    <OrderStatusTag status={order.status} />
                  </div>
                  <div className="order-card__body">
                    <div className="order-card__images">
                      {order.preview.map((p) => (
                        <img key={p.productID} src={p.imageUrl} alt={p.name} title={p.name} />
                      ))}
                    </div>
                    <div className="order-card__meta">
                      <Typography.Text type="secondary">{formatOrderDay(order.createdAt)}</Typography.Text>
                      <Typography.Text type="secondary">
                        {order.itemCount} item{order.itemCount === 1 ? '' : 's'}
                      </Typography.Text>
                      <Typography.Text strong data-testid="order-card-total">
                        {formatMoney(order.totals.total)}
                      </Typography.Text>
                    </div>
                  </div>
                  <Typography.Text type="secondary" ellipsis className="order-card__names">
                    {order.preview.map((p) => p.name).join(', ')}
                    {order.lineCount > order.preview.length
                      ? ` and ${order.lineCount - order.preview.length} more`
                      : ''}
                  </Typography.Text>
                </Link>
              </List.Item>
            )}
          />
          {orders.data.total > PAGE_SIZE && (
            <Pagination
              style={{ marginTop: 16, textAlign: 'center' }}
              current={page}
              pageSize={PAGE_SIZE}
              total={orders.data.total}
              onChange={setPage}
              showSizeChanger={false}
              size="small"
              data-testid="orders-pagination"
            />
          )}
        </>
      )}
    </Card>
  );
}
