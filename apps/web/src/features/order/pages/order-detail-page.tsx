import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Divider,
  Form,
  Popconfirm,
  Row,
  Select,
  Skeleton,
  Steps,
  Typography,
} from 'antd';
import type { OrderDetail } from '@storefront/contract/order';
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { readErrorMessage } from '../../../lib/http/error-message';
import { formatMoney } from '../../../lib/money';
import { useRemoteData } from '../../../lib/use-remote-data';
import { cancelOrder, changeOrderAddress, fetchOrderDetail, listDeliveryAddresses } from '../api';
import { OrderStatusTag } from '../components/order-status-tag';
import { formatAddress, formatOrderDate, orderStatusLabels } from '../order-status';

const timeline = ['pending_payment', 'paid', 'processing', 'shipped', 'delivered'] as const;

function OrderTimeline({ order }: { order: OrderDetail }) {
  if (order.status === 'cancelled') {
    return (
      <Alert
        type="info"
        showIcon
        message="This order was cancelled"
        description={order.cancelledAt ? `Cancelled ${formatOrderDate(order.cancelledAt)}.` : undefined}
        data-testid="order-cancelled-note"
      />
    );
  }
  const current = timeline.indexOf(order.status);
  return (
    <Steps
      size="small"
      responsive
      current={current}
      items={timeline.map((s) => ({ title: orderStatusLabels[s] }))}
      data-testid="order-timeline"
    />
  );
}

function ChangeAddressForm({
  order,
  onChanged,
}: {
  order: OrderDetail;
  onChanged: (o: OrderDetail) => void;
}) {
  const { message } = App.useApp();
  const loadAddresses = useCallback(() => listDeliveryAddresses(), []);
  const addresses = useRemoteData(loadAddresses);
  const [isSaving, setIsSaving] = useState(false);
  const [form] = Form.useForm<{ addressID: number }>();

  const save = async ({ addressID }: { addressID: number }) => {
    setIsSaving(true);
    try {
      onChanged(await changeOrderAddress({ orderID: order.orderID, addressID }));
      void message.success('Delivery address changed.');
    } catch (err) {
      void message.error(readErrorMessage(err));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(v) => void save(v)}
      className="order-address-form"
    >
      <Form.Item
        name="addressID"
        label="Deliver somewhere else"
        rules={[{ required: true, message: 'Choose an address.' }]}
        style={{ marginBottom: 8 }}
      >
        <Select
          placeholder="Choose one of your addresses"
          loading={addresses.status === 'loading'}
          data-testid="order-address-select"
          options={(addresses.data?.list ?? []).map((a) => ({
            value: a.addressID,
            label: `${a.line1}, ${a.suburb} ${a.state} ${a.postcode}`,
          }))}
        />
      </Form.Item>
      <Button htmlType="submit" loading={isSaving} data-testid="order-address-save">
        Change delivery address
      </Button>
    </Form>
  );
}

export function OrderDetailPage() {
  const { orderID } = useParams();
  const { message } = App.useApp();
  const id = Number(orderID);
  const load = useCallback(() => fetchOrderDetail(id), [id]);
  const order = useRemoteData(load);
  const [isCancelling, setIsCancelling] = useState(false);

  const cancel = async () => {
    setIsCancelling(true);
    try {
      order.replace(await cancelOrder(id));
      void message.success('Your order was cancelled.');
    } catch (err) {
      void message.error(readErrorMessage(err));
      order.reload();
    } finally {
      setIsCancelling(false);
    }
  };

  const back = (
    <Link to="/account/orders" data-testid="order-back">
      <ArrowLeftOutlined /> All orders
    </Link>
  );

  if (!Number.isInteger(id) || id <= 0 || (order.status === 'failed' && !order.data)) {
    return (
      <Card title={back}>
        <LoadFailed
          title="This order could not be loaded"
          error={order.error}
          onRetry={order.reload}
          testId="order-error"
        />
      </Card>
    );
  }
  if (!order.data) {
    return (
      <Card title={back}>
        <Skeleton active paragraph={{ rows: 8 }} data-testid="order-loading" />
      </Card>
    );
  }

  const o = order.data;
  return (
    <Card
      title={back}
      data-testid="order-detail-page"
      extra={
        o.canCancel && (
          <Popconfirm
            title="Cancel this order?"
            description="Items go back on the shelf and anything paid returns as store credit."
            okText="Cancel order"
            cancelText="Keep it"
            okButtonProps={{ danger: true, 'data-testid': 'order-cancel-confirm' }}
            onConfirm={() => void cancel()}
          >
            <Button danger loading={isCancelling} data-testid="order-cancel">
              Cancel order
            </Button>
          </Popconfirm>
        )
      }
    >
      <div className="order-detail__head">
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="order-title">
          Order #{o.orderID}
        </Typography.Title>
        <OrderStatusTag status={o.status} />
      </div>
      <Typography.Text type="secondary">Placed {formatOrderDate(o.createdAt)}</Typography.Text>
      <div style={{ margin: '16px 0' }}>
        <OrderTimeline order={o} />
      </div>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card size="small" title="Items" data-testid="order-lines">
            {o.lines.map((line) => (
              <div className="order-line" key={line.productID} data-testid="order-line">
                <img src={line.imageUrl} alt="" className="order-line__image" />
                <div className="order-line__name">
                  <Link to={`/product/${line.productID}`}>{line.name}</Link>
                  <div>
                    <Typography.Text type="secondary">
                      {line.quantity} × {formatMoney(line.price)}
                    </Typography.Text>
                  </div>
                </div>
                <div className="order-line__total">{formatMoney(line.lineTotal)}</div>
              </div>
            ))}
            <Divider style={{ margin: '12px 0' }} />
            <div className="cart-summary__row">
              <span>Subtotal</span>
              <span>{formatMoney(o.totals.subtotal)}</span>
            </div>
            {o.totals.discount > 0 && (
              <div className="cart-summary__row">
                <span>Discount{o.couponCode ? ` (${o.couponCode})` : ''}</span>
                <span>{formatMoney(-o.totals.discount)}</span>
              </div>
            )}
            <div className="cart-summary__row">
              <span>Shipping ({o.shippingService === 'express' ? 'Express' : 'Standard'})</span>
              <span data-testid="order-shipping">
                {o.totals.shipping === 0 ? 'Free' : formatMoney(o.totals.shipping)}
              </span>
            </div>
            {o.totals.creditUsed > 0 && (
              <div className="cart-summary__row">
                <span>Paid with store credit</span>
                <span>{formatMoney(-o.totals.creditUsed)}</span>
              </div>
            )}
            <div className="cart-summary__row cart-summary__total">
              <Typography.Text strong>Total</Typography.Text>
              <Typography.Text strong data-testid="order-total">
                {formatMoney(o.totals.total)}
              </Typography.Text>
            </div>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card size="small" title="Addresses" data-testid="order-addresses">
            <Descriptions column={1} size="small">
              <Descriptions.Item label="Delivery">
                <span data-testid="order-shipping-address">
                  {o.shippingAddress.firstName} {o.shippingAddress.lastName},{' '}
                  {formatAddress(o.shippingAddress)}
                </span>
              </Descriptions.Item>
              <Descriptions.Item label="Billing">
                {o.billingAddress.firstName} {o.billingAddress.lastName}, {formatAddress(o.billingAddress)}
              </Descriptions.Item>
            </Descriptions>
            {o.canChangeAddress && <ChangeAddressForm order={o} onChanged={order.replace} />}
          </Card>
        </Col>
      </Row>
    </Card>
  );
}
