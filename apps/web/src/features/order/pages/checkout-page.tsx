import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Divider,
  Empty,
  Form,
  Radio,
  Row,
  Select,
  Skeleton,
  Typography,
} from 'antd';
import type { ShippingQuote, ShippingService } from '@storefront/contract/shipping';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LoadFailed } from '../../../components/load-failed';
import { readErrorMessage } from '../../../lib/http/error-message';
import { formatMoney } from '../../../lib/money';
import { useRemoteData } from '../../../lib/use-remote-data';
import { fetchCart, selectCart, selectCartStatus } from '../../cart/cart-slice';
import { createOrder, fetchCreditBalance, listDeliveryAddresses, quoteCheckoutShipping } from '../api';

type CheckoutForm = { addressID: number; shippingService: ShippingService; useCredit: boolean };

function SummaryRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="cart-summary__row">
      <span>{label}</span>
      <span data-testid={testId}>{value}</span>
    </div>
  );
}

export function CheckoutPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const cart = useAppSelector(selectCart);
  const cartStatus = useAppSelector(selectCartStatus);
  const addresses = useRemoteData(listDeliveryAddresses);
  const credit = useRemoteData(fetchCreditBalance);
  const [form] = Form.useForm<CheckoutForm>();
  const addressID = Form.useWatch('addressID', form);
  const service = Form.useWatch('shippingService', form) ?? 'standard';
  const useCredit = Form.useWatch('useCredit', form) ?? false;
  const [quote, setQuote] = useState<ShippingQuote | null>(null);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const [placeError, setPlaceError] = useState<string | null>(null);
  const [isPlacing, setIsPlacing] = useState(false);

  useEffect(() => {
    void dispatch(fetchCart());
  }, [dispatch]);

  const selectedLines = cart.available.filter((l) => l.selected);
  const hasSelection = selectedLines.length > 0;
  const cartKey = `${cart.subtotal}|${cart.discount}|${cart.count}`;

  const loadQuote = useCallback(async (id: number) => {
    setQuoteError(null);
    try {
      setQuote(await quoteCheckoutShipping(id));
    } catch (err) {
      setQuote(null);
      setQuoteError(readErrorMessage(err));
    }
  }, []);

  useEffect(() => {
    if (typeof addressID === 'number' && hasSelection) void loadQuote(addressID);
  }, [addressID, hasSelection, cartKey, loadQuote]);

  const list = addresses.data?.list ?? [];
  const initialAddressID =
    addresses.data?.cartAddressID ?? list.find((a) => a.isDefaultShipping)?.addressID ?? list[0]?.addressID;

  const option = quote?.options.find((o) => o.service === service) ?? null;
  const total = cart.total + (option?.price ?? 0);
  const balance = credit.data ?? null;
  const creditUsed = useCredit && balance !== null ? Math.min(balance, total) : 0;

  const placeOrder = async (values: CheckoutForm) => {
    if (!option) return;
    setIsPlacing(true);
    setPlaceError(null);
    try {
      const order = await createOrder({
        addressID: values.addressID,
        shippingService: values.shippingService,
        useCredit: balance !== null && balance > 0 && values.useCredit === true,
        expectedTotal: total,
      });
      void dispatch(fetchCart());
      void message.success(`Order #${order.orderID} placed. Thank you!`);
      void navigate(`/account/orders/${order.orderID}`);
    } catch (err) {
      setPlaceError(readErrorMessage(err));
      void dispatch(fetchCart());
      void loadQuote(values.addressID);
      credit.reload();
    } finally {
      setIsPlacing(false);
    }
  };

  if (addresses.status === 'failed' && !addresses.data) {
    return (
      <div className="page">
        <LoadFailed
          title="Checkout could not be loaded"
          error={addresses.error}
          onRetry={addresses.reload}
          testId="checkout-error"
        />
      </div>
    );
  }

  const isLoading =
    !addresses.data || (cartStatus !== 'succeeded' && cart.lineCount === 0 && cartStatus !== 'failed');

  return (
    <div className="page" data-testid="checkout-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Checkout
      </Typography.Title>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 8 }} data-testid="checkout-loading" />
      ) : !hasSelection ? (
        <Card>
          <Empty description="Nothing is selected in your cart" data-testid="checkout-empty">
            <Link to="/cart">
              <Button type="primary" data-testid="checkout-back-to-cart">
                Back to cart
              </Button>
            </Link>
          </Empty>
        </Card>
      ) : (
        <Form<CheckoutForm>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ addressID: initialAddressID, shippingService: 'standard', useCredit: false }}
          onFinish={(values) => void placeOrder(values)}
        >
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={16}>
              <Card title="Delivery" data-testid="checkout-delivery">
                {list.length === 0 ? (
                  <Alert
                    type="info"
                    showIcon
                    message="Add a delivery address to continue."
                    action={
                      <Link to="/account/addresses" data-testid="checkout-add-address">
                        <Button size="small">Add an address</Button>
                      </Link>
                    }
                  />
                ) : (
                  <Form.Item
                    name="addressID"
                    label="Deliver to"
                    rules={[{ required: true, message: 'Choose a delivery address.' }]}
                  >
                    <Select
                      data-testid="checkout-address"
                      options={list.map((a) => ({
                        value: a.addressID,
                        label: `${a.firstName} ${a.lastName}, ${a.line1}, ${a.suburb} ${a.state} ${a.postcode}`,
                      }))}
                    />
                  </Form.Item>
                )}
                <Form.Item name="shippingService" label="Delivery option">
                  <Radio.Group className="checkout-services" data-testid="checkout-service">
                    {(quote?.options ?? []).map((o) => (
                      <Radio key={o.service} value={o.service} data-testid={`checkout-service-${o.service}`}>
                        {o.label} ({o.etaDaysMin}-{o.etaDaysMax} days) —{' '}
                        <strong>{o.isFree ? 'Free' : formatMoney(o.price)}</strong>
                      </Radio>
                    ))}
                  </Radio.Group>
                </Form.Item>
                {quoteError && (
                  <Alert type="warning" showIcon message={quoteError} data-testid="checkout-quote-error" />
                )}
              </Card>
              <Card title={`Items (${cart.count})`} style={{ marginTop: 16 }} data-testid="checkout-lines">
                {selectedLines.map((line) => (
                  <div className="order-line" key={line.productID} data-testid="checkout-line">
                    <img src={line.imageUrl} alt="" className="order-line__image" />
                    <div className="order-line__name">
                      <div>{line.name}</div>
                      <Typography.Text type="secondary">
                        {line.quantity} × {formatMoney(line.price)}
                      </Typography.Text>
                    </div>
                    <div className="order-line__total">{formatMoney(line.lineTotal)}</div>
                  </div>
                ))}
              </Card>
            </Col>
            <Col xs={24} lg={8}>
              <Card title="Order summary" data-testid="checkout-summary">
                <SummaryRow label="Subtotal" value={formatMoney(cart.subtotal)} testId="checkout-subtotal" />
                {cart.discount > 0 && (
                  <SummaryRow
                    label={`Discount${cart.coupon ? ` (${cart.coupon.code})` : ''}`}
                    value={formatMoney(-cart.discount)}
                    testId="checkout-discount"
                  />
                )}
                <SummaryRow
                  label="Shipping"
                  value={option ? (option.isFree ? 'Free' : formatMoney(option.price)) : '—'}
                  testId="checkout-shipping"
                />
                {balance !== null && balance > 0 && (
                  <Form.Item name="useCredit" valuePropName="checked" style={{ margin: '8px 0' }}>
                    <Checkbox data-testid="checkout-use-credit">
                      Use my store credit ({formatMoney(balance)})
                    </Checkbox>
                  </Form.Item>
                )}
                {creditUsed > 0 && (
                  <SummaryRow
                    label="Store credit"
                    value={formatMoney(-creditUsed)}
                    testId="checkout-credit"
                  />
                )}
                <Divider style={{ margin: '12px 0' }} />
                <div className="cart-summary__row cart-summary__total">
                  <Typography.Text strong>Total to pay</Typography.Text>
                  <Typography.Text strong data-testid="checkout-total">
                    {formatMoney(total - creditUsed)}
                  </Typography.Text>
                </div>
                {placeError && (
                  <Alert
                    type="error"
                    showIcon
                    message={placeError}
                    style={{ marginTop: 12 }}
                    data-testid="checkout-place-error"
                  />
                )}
                <Button
                  type="primary"
                  htmlType="submit"
                  block
                  size="large"
                  loading={isPlacing}
                  disabled={!option || list.length === 0}
                  style={{ marginTop: 12 }}
                  data-testid="checkout-place-order"
                >
                  Place order
                </Button>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  Prices in AUD, GST included. Store credit is taken straight away; we arrange payment of the
                  rest after you order.
                </Typography.Text>
              </Card>
            </Col>
          </Row>
        </Form>
      )}
    </div>
  );
}
