import {
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Popconfirm,
  Result,
  Row,
  Space,
  Table,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useCallback, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { StaffOrderDetail } from '@storefront/contract/fulfilment';
import type { OrderLine } from '@storefront/contract/order';
import { LoadError } from '../../../components/load-error';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { adminPages, canOpen, packingPath } from '../../../lib/access';
import { formatDateTime, formatMoney, formatTime } from '../../../lib/format';
import { readErrorMessage } from '../../../lib/http/api-error';
import { useSignedInStaff } from '../../../lib/staff-session';
import { useRemoteData } from '../../../lib/use-remote-data';
import { deliverOrder, dispatchOrder, readOrder, startPicking } from '../api';
import { CancelModal } from '../components/cancel-modal';
import { DispatchModal } from '../components/dispatch-modal';
import { OrderStatusTag } from '../components/order-status-tag';
import { RefundModal } from '../components/refund-modal';
import { actionsFor, statusLabels } from '../order-status';

type Dialog = 'cancel' | 'dispatch' | 'refund' | null;

/** One order as the shop works it: lines, money, customer, mails, who moved it; the next moves the role may make. */
export function OrderPage() {
  const params = useParams();
  const orderID = /^\d{1,9}$/.test(params.orderID ?? '') ? Number(params.orderID) : null;
  const title = orderID === null ? 'Order' : `Order SO-${orderID}`;
  const load = useCallback(
    () => (orderID === null ? Promise.reject(new Error('There is no such order.')) : readOrder(orderID)),
    [orderID],
  );
  const { status, data, error, reload, replace } = useRemoteData(load);
  return (
    <Page
      title={title}
      actions={data && <OrderActions detail={data} onChanged={replace} />}
      lead={data && <OrderLead detail={data} />}
    >
      {status === 'failed' ? (
        <LoadError error={error} onRetry={reload} />
      ) : data === null ? (
        <PageLoading rows={10} />
      ) : (
        <OrderContent detail={data} />
      )}
    </Page>
  );
}

function OrderLead({ detail }: { detail: StaffOrderDetail }) {
  const { order } = detail;
  return (
    <Space wrap size={8}>
      <OrderStatusTag status={order.status} />
      <span>Placed {formatDateTime(order.createdAt)}</span>
      <span>·</span>
      <span data-testid="order-delivery">
        {order.deliveryWindow
          ? `Delivery ${formatDateTime(order.deliveryWindow.startsAt)} – ${formatTime(order.deliveryWindow.endsAt)}`
          : 'Courier (no delivery window)'}
      </span>
    </Space>
  );
}

function OrderActions({
  detail,
  onChanged,
}: {
  detail: StaffOrderDetail;
  onChanged: (detail: StaffOrderDetail) => void;
}) {
  const me = useSignedInStaff();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [isBusy, setIsBusy] = useState(false);
  const { order } = detail;
  const actions = actionsFor(me.role, order.status, detail.refundable);
  const isCourier = order.deliveryWindow === null;

  const move = async (call: () => Promise<StaffOrderDetail>) => {
    setIsBusy(true);
    try {
      const next = await call();
      onChanged(next);
      void message.success(`SO-${order.orderID} is now ${statusLabels[next.order.status].toLowerCase()}.`);
      return next;
    } catch (err) {
      void message.error(readErrorMessage(err));
      return null;
    } finally {
      setIsBusy(false);
    }
  };
  const done = (next: StaffOrderDetail, text: string) => {
    setDialog(null);
    onChanged(next);
    void message.success(text);
  };

  if (actions.length === 0) return null;
  return (
    <Space wrap data-testid="order-actions">
      {actions.includes('startPicking') && (
        <Button
          type="primary"
          loading={isBusy}
          onClick={() =>
            void move(() => startPicking(order.orderID)).then(
              (next) => next && void navigate(packingPath(order.orderID)),
            )
          }
          data-testid="order-start-picking"
        >
          Start picking
        </Button>
      )}
      {actions.includes('pack') && (
        <Button
          type="primary"
          onClick={() => void navigate(packingPath(order.orderID))}
          data-testid="order-pack"
        >
          Pack
        </Button>
      )}
      {actions.includes('dispatch') &&
        (isCourier ? (
          <Button type="primary" onClick={() => setDialog('dispatch')} data-testid="order-dispatch">
            Ship by courier
          </Button>
        ) : (
          <Popconfirm
            title="Send it out for delivery?"
            description="The customer is told it is on its way."
            okText="Out for delivery"
            okButtonProps={{ 'data-testid': 'order-dispatch-confirm' }}
            onConfirm={() => move(() => dispatchOrder(order.orderID, {}))}
          >
            <Button type="primary" loading={isBusy} data-testid="order-dispatch">
              Out for delivery
            </Button>
          </Popconfirm>
        ))}
      {actions.includes('deliver') && (
        <Popconfirm
          title="Mark it delivered?"
          okText="Delivered"
          okButtonProps={{ 'data-testid': 'order-deliver-confirm' }}
          onConfirm={() => move(() => deliverOrder(order.orderID))}
        >
          <Button type="primary" loading={isBusy} data-testid="order-deliver">
            Delivered
          </Button>
        </Popconfirm>
      )}
      {actions.includes('refund') && (
        <Button onClick={() => setDialog('refund')} data-testid="order-refund">
          Refund
        </Button>
      )}
      {actions.includes('cancel') && (
        <Button danger onClick={() => setDialog('cancel')} data-testid="order-cancel">
          Cancel order
        </Button>
      )}
      <CancelModal
        orderID={order.orderID}
        isOpen={dialog === 'cancel'}
        onClose={() => setDialog(null)}
        onDone={(next) => done(next, `SO-${order.orderID} is cancelled.`)}
      />
      <DispatchModal
        orderID={order.orderID}
        isOpen={dialog === 'dispatch'}
        onClose={() => setDialog(null)}
        onDone={(next) => done(next, `SO-${order.orderID} is shipped.`)}
      />
      <RefundModal
        detail={detail}
        isOpen={dialog === 'refund'}
        onClose={() => setDialog(null)}
        onRefunded={(next) => done(next, 'Refunded.')}
      />
    </Space>
  );
}

function OrderContent({ detail }: { detail: StaffOrderDetail }) {
  const me = useSignedInStaff();
  const backPath = canOpen(me.role, 'orders') ? adminPages.orders.path : adminPages.pickList.path;
  const { order, customer, payments, mails, moves } = detail;
  const { totals } = order;
  const address = order.shippingAddress;
  if (order.lines.length === 0) return <Result status="info" title="This order has no lines." />;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        <Card title={<CardTitle>Lines</CardTitle>} data-testid="order-lines">
          <Table<OrderLine>
            size="small"
            rowKey="productID"
            pagination={false}
            dataSource={order.lines}
            columns={[
              {
                title: 'Product',
                key: 'product',
                render: (_, line) => (
                  <Space orientation="vertical" size={0}>
                    <span>{line.name}</span>
                    <Typography.Text type="secondary">
                      {line.sku} · {formatMoney(line.price)}
                      {line.allowSubstitute === false && ' · no substitutes'}
                    </Typography.Text>
                    {line.substitute && (
                      <Tag className="tag-waiting" data-testid={`order-line-substitute-${line.productID}`}>
                        Sent instead: {line.substitute.name} ({formatMoney(line.substitute.price)})
                      </Tag>
                    )}
                  </Space>
                ),
              },
              { title: 'Ordered', dataIndex: 'quantity', align: 'right' },
              {
                title: 'Packed',
                key: 'packed',
                align: 'right',
                render: (_, line) =>
                  line.packedQuantity === null ? (
                    '–'
                  ) : (
                    <span data-testid={`order-line-packed-${line.productID}`}>
                      {line.packedQuantity}
                      {line.packedQuantity < line.quantity && (
                        <Tag className="tag-waiting" style={{ marginInlineStart: 6 }}>
                          short
                        </Tag>
                      )}
                    </span>
                  ),
              },
              { title: 'Total', key: 'total', align: 'right', render: (_, l) => formatMoney(l.lineTotal) },
            ]}
          />
          <Descriptions
            size="small"
            column={1}
            style={{ marginTop: 16, maxWidth: 360, marginInlineStart: 'auto' }}
            items={[
              { key: 'subtotal', label: 'Subtotal', children: formatMoney(totals.subtotal) },
              ...(totals.discount > 0
                ? [{ key: 'discount', label: 'Discount', children: `−${formatMoney(totals.discount)}` }]
                : []),
              { key: 'shipping', label: 'Delivery', children: formatMoney(totals.shipping) },
              ...(totals.creditUsed > 0
                ? [{ key: 'credit', label: 'Store credit', children: formatMoney(totals.creditUsed) }]
                : []),
              { key: 'total', label: 'Total', children: <strong>{formatMoney(totals.total)}</strong> },
              {
                key: 'refundable',
                label: 'Left to refund',
                children: <span data-testid="order-refundable">{formatMoney(detail.refundable)}</span>,
              },
            ]}
          />
        </Card>
        <Card title={<CardTitle>Refunds</CardTitle>} style={{ marginTop: 16 }} data-testid="order-refunds">
          {order.refunds.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nothing refunded" />
          ) : (
            <ul className="plain-list">
              {order.refunds.map((refund) => (
                <li key={`${refund.at}-${refund.amount}`}>
                  <strong>{formatMoney(refund.amount)}</strong> · {refund.reason} ·{' '}
                  <Typography.Text type="secondary">
                    {formatDateTime(refund.at)}
                    {refund.asCredit > 0 && ` · ${formatMoney(refund.asCredit)} as store credit`}
                  </Typography.Text>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title={<CardTitle>Payments</CardTitle>} style={{ marginTop: 16 }} data-testid="order-payments">
          {payments.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No payment yet" />
          ) : (
            <ul className="plain-list">
              {payments.map((p, i) => (
                <li key={`${p.provider}-${i}`}>
                  {p.provider} · {p.status} · {formatMoney(p.amount)}
                  {p.refunded > 0 && ` · ${formatMoney(p.refunded)} refunded`}
                  {p.unsettled && (
                    <Tag className="tag-bad" style={{ marginInlineStart: 6 }}>
                      Unsettled
                    </Tag>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card title={<CardTitle>Customer</CardTitle>} data-testid="order-customer">
          <Typography.Paragraph style={{ marginBottom: 4 }}>
            <strong>{customer.name}</strong>
          </Typography.Paragraph>
          <Typography.Paragraph className="wrap-anywhere" style={{ marginBottom: 4 }}>
            {customer.email}
            {customer.phone && ` · ${customer.phone}`}
          </Typography.Paragraph>
          <Typography.Paragraph style={{ marginBottom: 4 }}>
            {address.line1}
            {address.line2 && `, ${address.line2}`}, {address.suburb} {address.state} {address.postcode}
          </Typography.Paragraph>
          {order.deliveryNotes && (
            <Typography.Paragraph type="secondary">Notes: {order.deliveryNotes}</Typography.Paragraph>
          )}
          {order.trackingReference && (
            <Typography.Paragraph data-testid="order-tracking">
              Tracking: {order.trackingReference}
            </Typography.Paragraph>
          )}
        </Card>
        <Card title={<CardTitle>What happened</CardTitle>} style={{ marginTop: 16 }}>
          <Timeline
            data-testid="order-moves"
            items={moves.map((m) => ({
              key: `${m.status}-${m.at}`,
              content: (
                <span data-testid={`order-move-${m.status}`}>
                  <strong>{statusLabels[m.status]}</strong> · {formatDateTime(m.at)}
                  <br />
                  <Typography.Text type="secondary">
                    {m.by === 'staff'
                      ? (m.staffName ?? 'Staff')
                      : m.by === 'customer'
                        ? 'Customer'
                        : 'The store'}
                  </Typography.Text>
                </span>
              ),
            }))}
          />
        </Card>
        <Card title={<CardTitle>Mails sent</CardTitle>} style={{ marginTop: 16 }} data-testid="order-mails">
          {mails.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No mails yet" />
          ) : (
            <ul className="plain-list">
              {mails.map((mail, i) => (
                <li key={`${mail.at}-${i}`}>
                  {mail.subject}
                  <br />
                  <Typography.Text type="secondary">
                    {mail.status} · {formatDateTime(mail.at)}
                  </Typography.Text>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Typography.Paragraph style={{ marginTop: 16 }}>
          <Link to={backPath} data-testid="order-back">
            {backPath === adminPages.orders.path ? 'All orders' : 'Pick list'}
          </Link>
        </Typography.Paragraph>
      </Col>
    </Row>
  );
}

function CardTitle({ children }: { children: string }) {
  return (
    <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
      {children}
    </Typography.Title>
  );
}
