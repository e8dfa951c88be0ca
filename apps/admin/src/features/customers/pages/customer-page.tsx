import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Grid,
  Popconfirm,
  Row,
  Space,
  Table,
  Typography,
} from 'antd';
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { StaffCustomerDetail, StaffCustomerOrder } from '@storefront/contract/customers-admin';
import type { StaffRole } from '@storefront/contract/staff';
import { LoadError } from '../../../components/load-error';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { adminPages, orderPath } from '../../../lib/access';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { readErrorMessage } from '../../../lib/http/api-error';
import { useSignedInStaff } from '../../../lib/staff-session';
import { useRemoteData } from '../../../lib/use-remote-data';
import { OrderStatusTag } from '../../orders/components/order-status-tag';
import { enableCustomer, readCustomer, sendPasswordResetMail, sendVerificationMail } from '../api';
import { AccountStatusTag, EmailVerifiedTag } from '../components/account-tags';
import { DisableModal } from '../components/disable-modal';

/** Who may enable a disabled account again (the API's role table): support may disable, not enable. */
const enablers: readonly StaffRole[] = ['owner', 'manager'];

/** One customer as support helps them: who they are, the account's state, their orders, and the mails to send again. */
export function CustomerPage() {
  const params = useParams();
  const customerID = /^\d{1,9}$/.test(params.customerID ?? '') ? Number(params.customerID) : null;
  const load = useCallback(
    () =>
      customerID === null
        ? Promise.reject(new Error('There is no such customer.'))
        : readCustomer(customerID),
    [customerID],
  );
  const { status, data, error, reload, replace } = useRemoteData(load);
  return (
    <Page
      title={data ? data.customer.name || data.customer.email : 'Customer'}
      actions={data && <CustomerActions detail={data} onChanged={replace} />}
      lead={data && <CustomerLead detail={data} />}
    >
      {status === 'failed' ? (
        <LoadError error={error} onRetry={reload} />
      ) : data === null ? (
        <PageLoading rows={10} />
      ) : (
        <CustomerContent detail={data} />
      )}
    </Page>
  );
}

function CustomerLead({ detail: { customer } }: { detail: StaffCustomerDetail }) {
  return (
    <Space wrap size={8}>
      <AccountStatusTag status={customer.status} />
      <EmailVerifiedTag isVerified={customer.emailVerified} />
      <span>Signed up {formatDateTime(customer.createdAt)}</span>
    </Space>
  );
}

type Busy = 'verification' | 'reset' | 'enable' | null;

function CustomerActions({
  detail,
  onChanged,
}: {
  detail: StaffCustomerDetail;
  onChanged: (detail: StaffCustomerDetail) => void;
}) {
  const me = useSignedInStaff();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<Busy>(null);
  const [isDisabling, setIsDisabling] = useState(false);
  const { customer } = detail;
  const isActive = customer.status === 'active';

  const run = async (which: Exclude<Busy, null>, call: () => Promise<string>) => {
    setBusy(which);
    try {
      void message.success(await call());
    } catch (err) {
      void message.error(readErrorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Space wrap data-testid="customer-actions">
      {isActive && !customer.emailVerified && (
        <Button
          loading={busy === 'verification'}
          disabled={busy !== null}
          onClick={() =>
            void run('verification', async () => {
              const sent = await sendVerificationMail(customer.customerID);
              return `A verification link is on its way to ${sent.email}.`;
            })
          }
          data-testid="customer-resend-verification"
        >
          Resend verification
        </Button>
      )}
      {isActive && (
        <Button
          loading={busy === 'reset'}
          disabled={busy !== null}
          onClick={() =>
            void run('reset', async () => {
              const sent = await sendPasswordResetMail(customer.customerID);
              return `A password reset link is on its way to ${sent.email}.`;
            })
          }
          data-testid="customer-send-reset"
        >
          Send password reset
        </Button>
      )}
      {isActive && (
        <Button danger onClick={() => setIsDisabling(true)} data-testid="customer-disable">
          Disable account
        </Button>
      )}
      {!isActive && enablers.includes(me.role) && (
        <Popconfirm
          title="Enable this account?"
          description="The customer can sign in again."
          okText="Enable account"
          okButtonProps={{ 'data-testid': 'customer-enable-confirm' }}
          onConfirm={() =>
            run('enable', async () => {
              onChanged(await enableCustomer(customer.customerID));
              return 'The account is enabled: the customer can sign in again.';
            })
          }
        >
          <Button type="primary" loading={busy === 'enable'} data-testid="customer-enable">
            Enable account
          </Button>
        </Popconfirm>
      )}
      <DisableModal
        customerID={customer.customerID}
        name={customer.name || customer.email}
        isOpen={isDisabling}
        onClose={() => setIsDisabling(false)}
        onDone={(next) => {
          setIsDisabling(false);
          onChanged(next);
          void message.success('The account is disabled: the customer is signed out everywhere.');
        }}
      />
    </Space>
  );
}

function CustomerContent({ detail }: { detail: StaffCustomerDetail }) {
  const { customer, disabled } = detail;
  const signsInWith = [customer.hasPassword && 'Password', customer.hasGoogle && 'Google'].filter(Boolean);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={9}>
        {disabled && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={`Disabled ${formatDateTime(disabled.at)} by ${disabled.staffName}`}
            description={disabled.reason}
            data-testid="customer-disabled-note"
          />
        )}
        <Card title={<CardTitle>Profile</CardTitle>} data-testid="customer-profile">
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'email',
                label: 'Email',
                children: <span className="wrap-anywhere">{customer.email}</span>,
              },
              { key: 'phone', label: 'Phone', children: customer.phone ?? '–' },
              { key: 'home', label: 'Home suburb', children: `${customer.suburb} ${customer.postCode}` },
              {
                key: 'signIn',
                label: 'Signs in with',
                children: signsInWith.length > 0 ? signsInWith.join(' and ') : 'A reset link only',
              },
              {
                key: 'lastSignIn',
                label: 'Last sign-in',
                children: customer.lastSignInAt ? formatDateTime(customer.lastSignInAt) : 'Never',
              },
              {
                key: 'credit',
                label: 'Store credit',
                children: <span data-testid="customer-credit">{formatMoney(customer.creditBalance)}</span>,
              },
            ]}
          />
        </Card>
        <Typography.Paragraph style={{ marginTop: 16 }}>
          <Link to={adminPages.customers.path} data-testid="customer-back">
            All customers
          </Link>
        </Typography.Paragraph>
      </Col>
      <Col xs={24} xl={15}>
        <Card title={<CardTitle>{`Orders (${detail.orderCount})`}</CardTitle>} data-testid="customer-orders">
          <CustomerOrders detail={detail} />
        </Card>
      </Col>
    </Row>
  );
}

function CustomerOrders({ detail: { orders, orderCount } }: { detail: StaffCustomerDetail }) {
  const isPhone = Grid.useBreakpoint().md === false;
  if (orders.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No orders yet" />;
  const more =
    orderCount > orders.length ? (
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        The latest {orders.length} of {orderCount}.
      </Typography.Paragraph>
    ) : null;
  if (isPhone) {
    return (
      <>
        <ul className="plain-list">
          {orders.map((o) => (
            <li key={o.orderID} data-testid="customer-order">
              <OrderItem order={o} />
            </li>
          ))}
        </ul>
        {more}
      </>
    );
  }
  return (
    <>
      <Table<StaffCustomerOrder>
        size="small"
        rowKey="orderID"
        pagination={false}
        dataSource={orders}
        columns={[
          { title: 'Order', key: 'order', render: (_, o) => <OrderLink order={o} /> },
          { title: 'Placed', key: 'placed', render: (_, o) => formatDateTime(o.createdAt) },
          { title: 'Status', key: 'status', render: (_, o) => <OrderStatusTag status={o.status} /> },
          { title: 'Total', key: 'total', align: 'right', render: (_, o) => formatMoney(o.total) },
        ]}
      />
      {more}
    </>
  );
}

/** An order on a phone: one wrapped line. */
function OrderItem({ order: o }: { order: StaffCustomerOrder }) {
  return (
    <Space wrap size={8}>
      <OrderLink order={o} />
      <OrderStatusTag status={o.status} />
      <span>{formatMoney(o.total)}</span>
      <Typography.Text type="secondary">{formatDateTime(o.createdAt)}</Typography.Text>
    </Space>
  );
}

function OrderLink({ order }: { order: StaffCustomerOrder }) {
  return (
    <Link to={orderPath(order.orderID)} data-testid={`customer-order-link-${order.orderID}`}>
      {order.reference}
    </Link>
  );
}

function CardTitle({ children }: { children: string }) {
  return (
    <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
      {children}
    </Typography.Title>
  );
}
