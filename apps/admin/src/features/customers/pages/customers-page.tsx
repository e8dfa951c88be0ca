import { Button, Card, Empty, Flex, Form, Grid, Input, Pagination, Space, Table, Typography } from 'antd';
import { useCallback, useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type {
  StaffCustomerList,
  StaffCustomerListParams,
  StaffCustomerSummary,
} from '@storefront/contract/customers-admin';
import { LoadError } from '../../../components/load-error';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { customerPath } from '../../../lib/access';
import { formatDateTime } from '../../../lib/format';
import { useRemoteData } from '../../../lib/use-remote-data';
import { listCustomers } from '../api';
import { AccountStatusTag, EmailVerifiedTag } from '../components/account-tags';

const PAGE_SIZES = [10, 20, 50] as const;
const DEFAULT_PAGE_SIZE = 20;
const SEARCH_MAX = 100;

type Query = Pick<StaffCustomerListParams, 'page' | 'pageSize'> & { q?: string };

function readQuery(params: URLSearchParams): Query {
  const q = params.get('q')?.trim().slice(0, SEARCH_MAX) ?? '';
  const page = Number(params.get('page'));
  return {
    q: q || undefined,
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, 10_000) : 1,
    pageSize: PAGE_SIZES.find((size) => size === Number(params.get('pageSize'))) ?? DEFAULT_PAGE_SIZE,
  };
}

function writeQuery({ q, page, pageSize }: Query): URLSearchParams {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  if (pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(pageSize));
  return params;
}

const countLabel = (total: number) => `${total} ${total === 1 ? 'customer' : 'customers'}`;

function ordersLabel(c: StaffCustomerSummary): string {
  if (c.orderCount === 0) return 'No orders';
  const count = `${c.orderCount} ${c.orderCount === 1 ? 'order' : 'orders'}`;
  return c.lastOrderAt ? `${count}, last ${formatDateTime(c.lastOrderAt)}` : count;
}

/** Customers, newest first: found by part of their email or name, or by the number of one of their orders. */
export function CustomersPage() {
  const navigate = useNavigate();
  const isPhone = Grid.useBreakpoint().md === false;
  const [searchParams, setSearchParams] = useSearchParams();
  const query = readQuery(searchParams);
  const { q, page, pageSize } = query;
  const load = useCallback(() => listCustomers({ q, page, pageSize }), [q, page, pageSize]);
  const remote = useRemoteData(load);
  const [form] = Form.useForm<{ q?: string }>();

  useEffect(() => {
    form.setFieldsValue({ q });
  }, [form, q]);

  const show = (next: Query) => setSearchParams(writeQuery(next));
  const showPage = (nextPage: number, nextSize: number) =>
    show({ q, page: nextSize === pageSize ? nextPage : 1, pageSize: nextSize });

  return (
    <Page
      title="Customers"
      lead="Find a customer by part of their email or name, or by an order number (SO-5)."
    >
      <Form<{ q?: string }>
        form={form}
        layout="inline"
        style={{ rowGap: 12, marginBottom: 16 }}
        onFinish={(values) => show({ q: values.q?.trim() || undefined, page: 1, pageSize })}
        data-testid="customer-search-form"
      >
        <Form.Item name="q" style={isPhone ? { flex: '1 1 100%', marginInlineEnd: 0 } : undefined}>
          <Input
            allowClear
            maxLength={SEARCH_MAX}
            placeholder="Email, name or SO-5"
            aria-label="Search customers"
            style={{ width: isPhone ? '100%' : 300 }}
            data-testid="customer-search"
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="customer-search-submit">
            Search
          </Button>
          {q !== undefined && (
            <Button onClick={() => show({ page: 1, pageSize })} data-testid="customer-search-clear">
              Show all
            </Button>
          )}
        </Space>
      </Form>
      {remote.status === 'failed' ? (
        <LoadError error={remote.error} onRetry={remote.reload} />
      ) : remote.data === null ? (
        <PageLoading rows={8} />
      ) : remote.data.list.length === 0 ? (
        <Empty
          description={q === undefined ? 'No customers yet.' : `No customer matches “${q}”.`}
          data-testid="customers-empty"
        />
      ) : isPhone ? (
        <CustomerCards data={remote.data} onPage={showPage} isLoading={remote.status === 'loading'} />
      ) : (
        <CustomerTable
          data={remote.data}
          onPage={showPage}
          isLoading={remote.status === 'loading'}
          onOpen={(customerID) => void navigate(customerPath(customerID))}
        />
      )}
    </Page>
  );
}

type ListProps = {
  data: StaffCustomerList;
  onPage: (page: number, pageSize: number) => void;
  isLoading: boolean;
};

function CustomerTable({
  data,
  onPage,
  isLoading,
  onOpen,
}: ListProps & { onOpen: (customerID: number) => void }) {
  return (
    <Table<StaffCustomerSummary>
      rowKey="customerID"
      dataSource={data.list}
      loading={isLoading}
      onRow={(customer) => {
        const testID = { 'data-testid': 'customer-row' };
        return {
          ...testID,
          style: { cursor: 'pointer' },
          onClick: (event) => {
            // The name is a link of its own: its click already opens the customer.
            if (event.target instanceof Element && event.target.closest('a, button')) return;
            onOpen(customer.customerID);
          },
        };
      }}
      pagination={{
        current: data.page,
        pageSize: data.pageSize,
        total: data.total,
        pageSizeOptions: PAGE_SIZES.map(String),
        showSizeChanger: true,
        showTotal: countLabel,
        onChange: onPage,
      }}
      columns={[
        {
          title: 'Customer',
          key: 'customer',
          render: (_, c) => (
            <Space orientation="vertical" size={0}>
              <Link to={customerPath(c.customerID)} data-testid={`customer-link-${c.customerID}`}>
                {c.name || c.email}
              </Link>
              <Typography.Text type="secondary" className="wrap-anywhere">
                {c.email}
              </Typography.Text>
            </Space>
          ),
        },
        {
          title: 'Account',
          key: 'account',
          render: (_, c) => (
            <Flex wrap gap={4}>
              <AccountStatusTag status={c.status} />
              <EmailVerifiedTag isVerified={c.emailVerified} />
            </Flex>
          ),
        },
        { title: 'Orders', key: 'orders', render: (_, c) => ordersLabel(c) },
        {
          title: 'Signed up',
          key: 'createdAt',
          responsive: ['lg'],
          render: (_, c) => formatDateTime(c.createdAt),
        },
      ]}
    />
  );
}

/** On a phone: a card per customer, the whole card a link to them. */
function CustomerCards({ data, onPage, isLoading }: ListProps) {
  return (
    <div aria-busy={isLoading}>
      <ul className="plain-list" data-testid="customer-cards">
        {data.list.map((c) => (
          <li key={c.customerID}>
            <Link
              to={customerPath(c.customerID)}
              data-testid="customer-row"
              style={{ display: 'block', color: 'inherit' }}
            >
              <Card size="small" hoverable>
                <Flex vertical gap={4} style={{ minWidth: 0 }}>
                  <Typography.Text strong className="wrap-anywhere">
                    {c.name || c.email}
                  </Typography.Text>
                  <Typography.Text type="secondary" className="wrap-anywhere">
                    {c.email}
                  </Typography.Text>
                  <Flex wrap gap={4}>
                    <AccountStatusTag status={c.status} />
                    <EmailVerifiedTag isVerified={c.emailVerified} />
                  </Flex>
                  <Typography.Text type="secondary">{ordersLabel(c)}</Typography.Text>
                </Flex>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
      <Flex justify="center" style={{ marginTop: 16 }}>
        <Pagination
          simple
          current={data.page}
          pageSize={data.pageSize}
          total={data.total}
          showTotal={countLabel}
          onChange={onPage}
        />
      </Flex>
    </div>
  );
}
