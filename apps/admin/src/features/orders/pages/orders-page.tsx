import { Button, Empty, Form, Input, Select, Space, Table, Typography } from 'antd';
import { useCallback, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { orderStatuses, type OrderStatus } from '@storefront/contract/order';
import type { StaffOrderListQuery, StaffOrderSummary } from '@storefront/contract/fulfilment';
import { LoadError } from '../../../components/load-error';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { orderPath } from '../../../lib/access';
import { formatDateTime, formatMoney, formatTime } from '../../../lib/format';
import { useRemoteData } from '../../../lib/use-remote-data';
import { listOrders } from '../api';
import { OrderStatusTag } from '../components/order-status-tag';
import { statusLabels } from '../order-status';

const PAGE_SIZES = [10, 20, 50] as const;
const DEFAULT_PAGE_SIZE = 20;

type FilterForm = { status?: OrderStatus; date?: string; q?: string };

function readQuery(
  params: URLSearchParams,
): Required<Pick<StaffOrderListQuery, 'page' | 'pageSize'>> & FilterForm {
  const status = orderStatuses.find((s) => s === params.get('status'));
  const date = params.get('date') ?? '';
  const q = params.get('q')?.trim().slice(0, 100) ?? '';
  const page = Number(params.get('page'));
  const pageSize = PAGE_SIZES.find((size) => size === Number(params.get('pageSize'))) ?? DEFAULT_PAGE_SIZE;
  return {
    status,
    date: /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined,
    q: q || undefined,
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, 10_000) : 1,
    pageSize,
  };
}

function writeQuery(query: FilterForm & { page: number; pageSize: number }): URLSearchParams {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.date) params.set('date', query.date);
  if (query.q) params.set('q', query.q);
  if (query.page > 1) params.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(query.pageSize));
  return params;
}

/** Every order, newest first: by status, delivery day and who or which order, a page at a time. */
export function OrdersPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = readQuery(searchParams);
  const { status, date, q, page, pageSize } = query;
  const load = useCallback(
    () => listOrders({ status: status ? [status] : undefined, date, q, page, pageSize }),
    [status, date, q, page, pageSize],
  );
  const remote = useRemoteData(load);
  const [form] = Form.useForm<FilterForm>();

  useEffect(() => {
    form.setFieldsValue({ status, date, q });
  }, [form, status, date, q]);

  const show = (next: FilterForm & { page: number; pageSize: number }) => setSearchParams(writeQuery(next));
  const isFiltered = status !== undefined || date !== undefined || q !== undefined;

  return (
    <Page
      title="Orders"
      lead="Every order: find one by its number or the customer, or list a status or a delivery day."
    >
      <Form<FilterForm>
        form={form}
        layout="inline"
        className="orders-filters"
        onFinish={(values) =>
          show({
            status: values.status ?? undefined,
            date: values.date || undefined,
            q: values.q?.trim() || undefined,
            page: 1,
            pageSize,
          })
        }
        data-testid="orders-filters"
      >
        <Form.Item label="Search" name="q">
          <Input
            allowClear
            placeholder="SO-5, email or name"
            style={{ width: 220 }}
            data-testid="orders-search"
          />
        </Form.Item>
        <Form.Item label="Status" name="status">
          <Select<OrderStatus>
            allowClear
            placeholder="Any"
            options={orderStatuses.map((s) => ({ value: s, label: statusLabels[s] }))}
            style={{ width: 170 }}
            data-testid="orders-status"
          />
        </Form.Item>
        <Form.Item label="Delivery day" name="date">
          <Input type="date" style={{ width: 170 }} data-testid="orders-date" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="orders-filter-apply">
            Show
          </Button>
          {isFiltered && (
            <Button onClick={() => show({ page: 1, pageSize })} data-testid="orders-filter-clear">
              Show all
            </Button>
          )}
        </Space>
      </Form>
      {remote.status === 'failed' ? (
        <LoadError error={remote.error} onRetry={remote.reload} />
      ) : remote.data === null ? (
        <PageLoading rows={8} />
      ) : (
        <Table<StaffOrderSummary>
          rowKey="orderID"
          dataSource={remote.data.list}
          loading={remote.status === 'loading'}
          locale={{
            emptyText: (
              <Empty description={isFiltered ? 'No order matches these filters.' : 'No orders yet.'} />
            ),
          }}
          pagination={{
            current: remote.data.page,
            pageSize: remote.data.pageSize,
            total: remote.data.total,
            pageSizeOptions: PAGE_SIZES.map(String),
            showSizeChanger: true,
            showTotal: (total) => `${total} ${total === 1 ? 'order' : 'orders'}`,
            onChange: (nextPage, nextSize) =>
              show({ ...query, page: nextSize === pageSize ? nextPage : 1, pageSize: nextSize }),
          }}
          columns={[
            {
              title: 'Order',
              key: 'order',
              render: (_, o) => (
                <Space orientation="vertical" size={0}>
                  <Link to={orderPath(o.orderID)} data-testid={`orders-link-${o.orderID}`}>
                    SO-{o.orderID}
                  </Link>
                  <Typography.Text type="secondary">{formatDateTime(o.createdAt)}</Typography.Text>
                </Space>
              ),
            },
            { title: 'Status', key: 'status', render: (_, o) => <OrderStatusTag status={o.status} /> },
            {
              title: 'Customer',
              key: 'customer',
              render: (_, o) => (
                <Space orientation="vertical" size={0}>
                  <span>{o.customer.name}</span>
                  <Typography.Text type="secondary" className="wrap-anywhere">
                    {o.customer.email}
                  </Typography.Text>
                </Space>
              ),
            },
            {
              title: 'Delivery',
              key: 'delivery',
              responsive: ['md'],
              render: (_, o) => (
                <Space orientation="vertical" size={0}>
                  <span>{o.suburb}</span>
                  <Typography.Text type="secondary">
                    {o.window
                      ? `${formatDateTime(o.window.startsAt)} – ${formatTime(o.window.endsAt)}`
                      : 'Courier'}
                  </Typography.Text>
                </Space>
              ),
            },
            {
              title: 'Total',
              key: 'total',
              align: 'right',
              render: (_, o) => (
                <Space orientation="vertical" size={0} align="end">
                  <span>{formatMoney(o.total)}</span>
                  <Typography.Text type="secondary">
                    {o.lineCount} {o.lineCount === 1 ? 'line' : 'lines'}
                  </Typography.Text>
                </Space>
              ),
            },
          ]}
        />
      )}
    </Page>
  );
}
