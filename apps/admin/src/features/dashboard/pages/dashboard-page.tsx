import { Alert, Button, Card, Col, Empty, Row, Statistic, Table, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { Dashboard } from '@storefront/contract/staff';
import { LoadError } from '../../../components/load-error';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { canOpen, pickListPath } from '../../../lib/access';
import { formatMoney, formatStoreDay, formatTime } from '../../../lib/format';
import { useSignedInStaff } from '../../../lib/staff-session';
import { useRemoteData } from '../../../lib/use-remote-data';
import { readDashboard } from '../api';

type DashboardDay = Dashboard['days'][number];
type DashboardWindow = DashboardDay['windows'][number];

const dayNames = ['Today', 'Tomorrow'];

/** What a window is called on screen: its label, else its times, else (no window) the courier orders. */
export function describeWindow(window: DashboardWindow): string {
  if (window.label) return window.label;
  if (window.startsAt && window.endsAt)
    return `${formatTime(window.startsAt)} – ${formatTime(window.endsAt)}`;
  return 'Courier (no delivery window)';
}

/** The shop's day at a glance: paid orders by delivery window today and tomorrow, and what needs a person. */
export function DashboardPage() {
  const { status, data, error, reload } = useRemoteData(readDashboard);
  return (
    <Page
      title="Dashboard"
      actions={
        <Button
          icon={<ReloadOutlined />}
          onClick={reload}
          loading={status === 'loading' && data !== null}
          data-testid="dashboard-reload"
        >
          Refresh
        </Button>
      }
    >
      {status === 'failed' ? (
        <LoadError error={error} onRetry={reload} />
      ) : data === null ? (
        <PageLoading rows={8} />
      ) : (
        <DashboardContent dashboard={data} />
      )}
    </Page>
  );
}

const providerNames: Record<string, string> = { paypal: 'PayPal', afterpay: 'Afterpay', demo: 'Demo' };

function DashboardContent({ dashboard }: { dashboard: Dashboard }) {
  const { awaitingPayment, refundsOwed, refundsUnsettled, mailsFailing, paymentProviderFaults } = dashboard;
  return (
    <>
      {paymentProviderFaults.length > 0 && (
        <Alert
          type="error"
          showIcon
          data-testid="dashboard-provider-faults"
          style={{ marginBottom: 16 }}
          title="A payment provider is refusing the shop's credentials"
          description={`${paymentProviderFaults
            .map((f) => `${providerNames[f.provider] ?? f.provider}: ${f.count} refused in the last 24 hours`)
            .join(
              '; ',
            )}. Customers are told that way to pay is not available. Check the keys in the configuration.`}
        />
      )}
      <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
        <Col xs={24} sm={12} lg={6}>
          <Card data-testid="dashboard-awaiting-payment">
            <Statistic title="Orders awaiting payment" value={awaitingPayment.count} />
            <Typography.Text type="secondary">{formatMoney(awaitingPayment.totalCents)}</Typography.Text>
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Card data-testid="dashboard-refunds-owed">
            <Statistic title="Refunds owed (retrying)" value={refundsOwed.count} />
            <Typography.Text type="secondary">{formatMoney(refundsOwed.totalCents)}</Typography.Text>
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Card data-testid="dashboard-refunds-unsettled">
            <Statistic
              title="Refunds unsettled (need a person)"
              value={refundsUnsettled.count}
              styles={refundsUnsettled.count > 0 ? { content: { color: '#cf1322' } } : undefined}
            />
            <Typography.Text type="secondary">{formatMoney(refundsUnsettled.totalCents)}</Typography.Text>
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Card data-testid="dashboard-mails-failing">
            <Statistic
              title="Mails failing to send"
              value={mailsFailing}
              styles={mailsFailing > 0 ? { content: { color: '#cf1322' } } : undefined}
            />
            <Typography.Text type="secondary">{mailsFailing > 0 ? 'Retrying' : 'All sent'}</Typography.Text>
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        {dashboard.days.map((day, index) => (
          <Col xs={24} lg={12} key={day.date}>
            <DayCard day={day} name={dayNames[index] ?? formatStoreDay(day.date)} />
          </Col>
        ))}
      </Row>
    </>
  );
}

function DayCard({ day, name }: { day: DashboardDay; name: string }) {
  const me = useSignedInStaff();
  const canPick = canOpen(me.role, 'pickList');
  const orders = day.windows.reduce((sum, w) => sum + w.orders, 0);
  const totalCents = day.windows.reduce((sum, w) => sum + w.totalCents, 0);
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          {name}{' '}
          <Typography.Text type="secondary" style={{ fontWeight: 400, fontSize: 14 }}>
            {formatStoreDay(day.date)}
          </Typography.Text>
        </Typography.Title>
      }
      extra={<span data-testid="dashboard-day-summary">{`${orders} paid · ${formatMoney(totalCents)}`}</span>}
      data-testid={`dashboard-day-${day.date}`}
    >
      <Table<DashboardWindow>
        size="small"
        pagination={false}
        rowKey={(w) => `${w.windowID ?? 'courier'}-${w.startsAt ?? ''}`}
        dataSource={day.windows}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No paid orders for this day yet" />
          ),
        }}
        columns={[
          {
            title: 'Delivery window',
            key: 'window',
            render: (_, w) =>
              w.windowID === null || !canPick ? (
                describeWindow(w)
              ) : (
                <Link
                  to={pickListPath(day.date, w.windowID)}
                  title="Its pick list"
                  data-testid={`dashboard-pick-${day.date}-${w.windowID}`}
                >
                  {describeWindow(w)}
                </Link>
              ),
          },
          { title: 'Orders', dataIndex: 'orders', align: 'right' },
          { title: 'Total', key: 'total', align: 'right', render: (_, w) => formatMoney(w.totalCents) },
        ]}
      />
    </Card>
  );
}
