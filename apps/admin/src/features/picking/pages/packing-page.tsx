import { App, Button, Result, Space, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { StaffOrderDetail } from '@storefront/contract/fulfilment';
import { LoadError } from '../../../components/load-error';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { adminPages, orderPath } from '../../../lib/access';
import { formatMoney } from '../../../lib/format';
import { readErrorMessage } from '../../../lib/http/api-error';
import { useRemoteData } from '../../../lib/use-remote-data';
import { readOrder, startPicking } from '../../orders/api';
import { OrderStatusTag } from '../../orders/components/order-status-tag';
import { PackForm } from '../components/pack-form';

/** The picker's phone screen for one order: start picking it, then pack it line by line. */
export function PackingPage() {
  const params = useParams();
  const orderID = /^\d{1,9}$/.test(params.orderID ?? '') ? Number(params.orderID) : null;
  const load = useCallback(
    () => (orderID === null ? Promise.reject(new Error('There is no such order.')) : readOrder(orderID)),
    [orderID],
  );
  const { status, data, error, reload, replace } = useRemoteData(load);
  const [refunded, setRefunded] = useState<number | null>(null);

  return (
    <Page
      title={orderID === null ? 'Packing' : `Pack SO-${orderID}`}
      lead={
        data && (
          <Space wrap size={8}>
            <OrderStatusTag status={data.order.status} />
            <span>{data.customer.name}</span>
            <span>· {data.order.shippingAddress.suburb}</span>
          </Space>
        )
      }
    >
      {status === 'failed' ? (
        <LoadError error={error} onRetry={reload} />
      ) : data === null ? (
        <PageLoading rows={8} />
      ) : refunded !== null ? (
        <Packed detail={data} refunded={refunded} />
      ) : (
        <PackingStep
          detail={data}
          onChanged={replace}
          onPacked={(next, cents) => {
            replace(next);
            setRefunded(cents);
          }}
        />
      )}
    </Page>
  );
}

function PackingStep({
  detail,
  onChanged,
  onPacked,
}: {
  detail: StaffOrderDetail;
  onChanged: (detail: StaffOrderDetail) => void;
  onPacked: (detail: StaffOrderDetail, refundedCents: number) => void;
}) {
  const { message } = App.useApp();
  const [isStarting, setIsStarting] = useState(false);
  const { order } = detail;

  const start = async () => {
    setIsStarting(true);
    try {
      onChanged(await startPicking(order.orderID));
    } catch (err) {
      void message.error(readErrorMessage(err));
    } finally {
      setIsStarting(false);
    }
  };

  if (order.status === 'paid')
    return (
      <Result
        status="info"
        title="Not started yet"
        subTitle={`${order.lines.length} lines to pick. Start picking to pack it.`}
        extra={
          <Button
            type="primary"
            size="large"
            loading={isStarting}
            onClick={() => void start()}
            data-testid="packing-start"
          >
            Start picking
          </Button>
        }
      />
    );
  if (order.status === 'picking') return <PackForm detail={detail} onPacked={onPacked} />;
  return (
    <Result
      status="info"
      title="Nothing to pack"
      subTitle={`This order is ${order.status.replace(/_/g, ' ')}.`}
      extra={<BackLinks orderID={order.orderID} />}
    />
  );
}

function Packed({ detail, refunded }: { detail: StaffOrderDetail; refunded: number }) {
  return (
    <Result
      status="success"
      title="Packed"
      subTitle={
        <span data-testid="pack-refunded">
          {refunded > 0
            ? `${formatMoney(refunded)} was refunded to the customer for what was not sent.`
            : 'Everything was sent: nothing to refund.'}
        </span>
      }
      extra={<BackLinks orderID={detail.order.orderID} />}
      data-testid="pack-done"
    />
  );
}

function BackLinks({ orderID }: { orderID: number }) {
  return (
    <Space wrap size={16}>
      <Link to={adminPages.pickList.path} data-testid="packing-back">
        Back to the pick list
      </Link>
      <Typography.Text>
        <Link to={orderPath(orderID)} data-testid="packing-order">
          The order’s page
        </Link>
      </Typography.Text>
    </Space>
  );
}
