import { Alert, App, Button, Card, Checkbox, Col, Empty, Row, Skeleton, Typography } from 'antd';
import type { CartLine } from '@storefront/contract/cart';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LoadFailed } from '../../../components/load-failed';
import { CartShippingEstimate } from '../../shipping/components/cart-shipping-estimate';
import { useCartShipping } from '../../shipping/use-cart-shipping';
import { describeCartChange } from '../cart-changes';
import {
  deleteLines,
  emptyCart,
  fetchCart,
  selectAllLines,
  selectCart,
  selectCartError,
  selectCartStatus,
  updateLine,
} from '../cart-slice';
import { CartLineItem } from '../components/cart-line-item';
import { CartSummary } from '../components/cart-summary';
import { DiscountForm } from '../components/discount-form';
import { useCartChanges } from '../use-cart-changes';

export function CartPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const cart = useAppSelector(selectCart);
  const status = useAppSelector(selectCartStatus);
  const error = useAppSelector(selectCartError);
  const { changes, dismiss } = useCartChanges();
  const [busyIDs, setBusyIDs] = useState<number[]>([]);
  const hasSelection = cart.count > 0;
  const cartKey = [
    cart.subtotal,
    cart.count,
    cart.discount,
    cart.freeShipping,
    cart.available.map((l) => `${l.productID}:${l.quantity}:${l.selected}`).join(','),
  ].join('|');
  const shipping = useCartShipping(cartKey, hasSelection);

  const run = async (ids: number[], write: () => Promise<unknown>, done?: string) => {
    setBusyIDs((prev) => [...prev, ...ids]);
    try {
      await write();
      if (done) void message.success(done);
    } catch (err) {
      void message.error(typeof err === 'string' ? err : 'Your cart could not be changed.');
    } finally {
      setBusyIDs((prev) => prev.filter((id) => !ids.includes(id)));
    }
  };

  const removeLine = (line: CartLine) =>
    run(
      [line.productID],
      () => dispatch(deleteLines([line.productID])).unwrap(),
      `${line.name} removed from your cart.`,
    );

  // A reload on focus keeps the cart on screen; only the very first load shows the skeleton.
  const isLoaded = status === 'succeeded' || (status === 'loading' && cart !== emptyCart);
  if (status === 'failed' && cart.lineCount === 0) {
    return (
      <div className="page">
        <LoadFailed
          title="Your cart could not be loaded"
          error={error}
          onRetry={() => void dispatch(fetchCart())}
          testId="cart-error"
        />
      </div>
    );
  }

  const allIDs = cart.available.map((l) => l.productID);
  const selectedCount = cart.available.filter((l) => l.selected).length;
  const isAllSelected = allIDs.length > 0 && selectedCount === allIDs.length;

  return (
    <div className="page" data-testid="cart-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Your cart
      </Typography.Title>
      {changes.length > 0 && (
        <Alert
          type="warning"
          showIcon
          closable
          onClose={dismiss}
          style={{ marginBottom: 16 }}
          message="Your cart changed since you last looked"
          description={
            <ul className="cart-changes">
              {changes.map((line) => (
                <li key={line.productID}>{describeCartChange(line)}</li>
              ))}
            </ul>
          }
          data-testid="cart-changes"
        />
      )}
      {!isLoaded ? (
        <Skeleton active paragraph={{ rows: 8 }} data-testid="cart-loading" />
      ) : cart.lineCount === 0 ? (
        <Card>
          <Empty description="Your cart is empty" data-testid="cart-empty">
            <Link to="/shop">
              <Button type="primary" data-testid="cart-empty-shop">
                Start shopping
              </Button>
            </Link>
          </Empty>
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={16}>
            {cart.available.length > 0 && (
              <Card
                title={
                  <Checkbox
                    checked={isAllSelected}
                    indeterminate={selectedCount > 0 && !isAllSelected}
                    disabled={busyIDs.length > 0}
                    onChange={(e) =>
                      void run(allIDs, () => dispatch(selectAllLines(e.target.checked)).unwrap())
                    }
                    data-testid="cart-select-all"
                  >
                    Select all ({allIDs.length})
                  </Checkbox>
                }
                styles={{ body: { padding: 0 } }}
                data-testid="cart-available"
              >
                {cart.available.map((line) => (
                  <CartLineItem
                    key={line.productID}
                    line={line}
                    isBusy={busyIDs.includes(line.productID)}
                    onSelect={(selected) =>
                      void run([line.productID], () =>
                        dispatch(updateLine({ productID: line.productID, selected })).unwrap(),
                      )
                    }
                    onQuantity={(quantity) =>
                      void run([line.productID], () =>
                        dispatch(updateLine({ productID: line.productID, quantity })).unwrap(),
                      )
                    }
                    onDelete={() => void removeLine(line)}
                  />
                ))}
              </Card>
            )}
            {cart.unavailable.length > 0 && (
              <Card
                title="Unavailable"
                style={{ marginTop: 16 }}
                styles={{ body: { padding: 0 } }}
                extra={
                  <Button
                    type="link"
                    onClick={() =>
                      void run(
                        cart.unavailable.map((l) => l.productID),
                        () => dispatch(deleteLines(cart.unavailable.map((l) => l.productID))).unwrap(),
                        'Unavailable items removed.',
                      )
                    }
                    data-testid="cart-unavailable-clear"
                  >
                    Remove all
                  </Button>
                }
                data-testid="cart-unavailable"
              >
                {cart.unavailable.map((line) => (
                  <CartLineItem
                    key={line.productID}
                    line={line}
                    isBusy={busyIDs.includes(line.productID)}
                    onDelete={() => void removeLine(line)}
                  />
                ))}
              </Card>
            )}
          </Col>
          <Col xs={24} lg={8}>
            <div className="cart-side">
              <CartShippingEstimate shipping={shipping} hasSelection={hasSelection} />
              <CartSummary cart={cart} shipping={hasSelection ? shipping.chosenOption : null}>
                <DiscountForm coupon={cart.coupon} />
                <div style={{ height: 12 }} />
              </CartSummary>
              <Button
                type="primary"
                size="large"
                block
                disabled={!hasSelection}
                onClick={() => void navigate('/checkout')}
                style={{ marginTop: 12 }}
                data-testid="cart-checkout"
              >
                Checkout
              </Button>
            </div>
          </Col>
        </Row>
      )}
    </div>
  );
}
