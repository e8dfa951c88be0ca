import {
  App,
  Button,
  Card,
  Empty,
  Flex,
  Form,
  Grid,
  Input,
  Pagination,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useCallback, useState } from 'react';
import {
  couponStatuses,
  type CouponDetail,
  type CouponGiveResult,
  type CouponList,
  type CouponStatus,
  type StaffCoupon,
} from '@storefront/contract/offers-admin';
import { LoadError } from '../../../components/load-error';
import { PageLoading } from '../../../components/page-loading';
import { readErrorMessage } from '../../../lib/http/api-error';
import { useRemoteData } from '../../../lib/use-remote-data';
import { endCoupon, listCoupons } from '../api';
import { couponDays, couponOffer, couponUses, minSpendText } from '../offer-words';
import { CouponFormModal } from './coupon-form-modal';
import { CouponStatusTag } from './coupon-status-tag';
import { GiveCouponModal } from './give-coupon-modal';

const PAGE_SIZES = [10, 20, 50] as const;
const statusLabels: Record<CouponStatus, string> = {
  running: 'Running',
  scheduled: 'Scheduled',
  ended: 'Ended',
};
const statusOptions = couponStatuses.map((s) => ({ value: s, label: statusLabels[s] }));

type Filter = { q?: string; status?: CouponStatus; page: number; pageSize: number };
/** The form being shown: none, a new coupon, or an edit. */
type Editing = { coupon: StaffCoupon | null } | null;

type Actions = {
  busyID: number | null;
  onEdit: (coupon: StaffCoupon) => void;
  onGive: (coupon: StaffCoupon) => void;
  onEnd: (coupon: StaffCoupon) => Promise<void>;
};

/** Coupons, newest first: find one, make one, change it, give a personal one, end one now. */
export function CouponsTab() {
  const { message } = App.useApp();
  const isPhone = Grid.useBreakpoint().md === false;
  const [filter, setFilter] = useState<Filter>({ page: 1, pageSize: 20 });
  const { q, status, page, pageSize } = filter;
  const load = useCallback(() => listCoupons({ q, status, page, pageSize }), [q, status, page, pageSize]);
  const remote = useRemoteData(load);
  const [editing, setEditing] = useState<Editing>(null);
  const [giving, setGiving] = useState<StaffCoupon | null>(null);
  const [busyID, setBusyID] = useState<number | null>(null);

  const replaceCoupon = (list: CouponList, coupon: StaffCoupon) =>
    remote.replace({ ...list, list: list.list.map((c) => (c.couponID === coupon.couponID ? coupon : c)) });

  const saved = (coupon: CouponDetail) => {
    const isNew = editing?.coupon === null;
    setEditing(null);
    void message.success(
      isNew ? `${coupon.code} is ready: customers can use it now.` : `${coupon.code} is saved.`,
    );
    if (isNew || !remote.data) remote.reload();
    else replaceCoupon(remote.data, coupon);
  };

  const end = async (coupon: StaffCoupon) => {
    setBusyID(coupon.couponID);
    try {
      const ended = await endCoupon(coupon.couponID);
      if (remote.data) replaceCoupon(remote.data, ended);
      void message.success(`${coupon.code} has ended.`);
    } catch (error) {
      void message.error(readErrorMessage(error));
    } finally {
      setBusyID(null);
    }
  };

  const given = (coupon: StaffCoupon, result: CouponGiveResult) => {
    setGiving(null);
    const already = result.alreadyHeld > 0 ? ` ${result.alreadyHeld} already had it.` : '';
    void message.success(
      `${coupon.code} is in ${result.added} more ${result.added === 1 ? 'wallet' : 'wallets'}.${already}`,
    );
    remote.reload();
  };

  const isFiltered = q !== undefined || status !== undefined;
  const actions: Actions = {
    busyID,
    onEdit: (coupon) => setEditing({ coupon }),
    onGive: setGiving,
    onEnd: end,
  };
  const showPage = (nextPage: number, nextSize: number) =>
    setFilter({ ...filter, page: nextSize === pageSize ? nextPage : 1, pageSize: nextSize });

  return (
    <>
      <Flex justify="space-between" align="end" wrap gap={12} style={{ marginBottom: 16 }}>
        <Form
          layout={isPhone ? 'vertical' : 'inline'}
          style={{ rowGap: 12, flex: isPhone ? '1 1 100%' : undefined }}
          onValuesChange={(_, values: { status?: CouponStatus }) =>
            setFilter({ ...filter, status: values.status ?? undefined, page: 1 })
          }
        >
          <Form.Item label="Search" style={isPhone ? { marginBottom: 0 } : undefined}>
            <Input.Search
              allowClear
              placeholder="Code or description"
              enterButton="Search"
              onSearch={(value) => setFilter({ ...filter, q: value.trim() || undefined, page: 1 })}
              style={{ width: isPhone ? '100%' : 280 }}
              data-testid="coupons-search"
            />
          </Form.Item>
          <Form.Item label="Status" name="status" style={isPhone ? { marginBottom: 0 } : undefined}>
            <Select<CouponStatus>
              allowClear
              placeholder="Any"
              options={statusOptions}
              style={{ width: isPhone ? '100%' : 140 }}
              data-testid="coupons-status"
            />
          </Form.Item>
        </Form>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing({ coupon: null })}
          data-testid="coupon-new"
        >
          New coupon
        </Button>
      </Flex>
      {remote.status === 'failed' ? (
        <LoadError error={remote.error} onRetry={remote.reload} />
      ) : remote.data === null ? (
        <PageLoading rows={6} />
      ) : remote.data.list.length === 0 ? (
        <Empty
          description={isFiltered ? 'No coupon matches.' : 'No coupons yet: make the first one.'}
          data-testid="coupons-empty"
        />
      ) : isPhone ? (
        <CouponCards
          data={remote.data}
          actions={actions}
          onPage={showPage}
          isLoading={remote.status === 'loading'}
        />
      ) : (
        <CouponTable
          data={remote.data}
          actions={actions}
          onPage={showPage}
          isLoading={remote.status === 'loading'}
        />
      )}
      <CouponFormModal
        isOpen={editing !== null}
        coupon={editing?.coupon ?? null}
        onClose={() => setEditing(null)}
        onSaved={saved}
      />
      <GiveCouponModal coupon={giving} onClose={() => setGiving(null)} onGiven={given} />
    </>
  );
}

type ListProps = {
  data: CouponList;
  actions: Actions;
  onPage: (page: number, pageSize: number) => void;
  isLoading: boolean;
};

const countLabel = (total: number) => `${total} ${total === 1 ? 'coupon' : 'coupons'}`;

function CouponActions({ coupon, actions }: { coupon: StaffCoupon; actions: Actions }) {
  const isBusy = actions.busyID === coupon.couponID;
  return (
    <Space wrap size={4}>
      <Button size="small" onClick={() => actions.onEdit(coupon)} data-testid="coupon-edit">
        Edit
      </Button>
      {coupon.isPersonal && coupon.status !== 'ended' && (
        <Button size="small" onClick={() => actions.onGive(coupon)} data-testid="coupon-give">
          Give to customers
        </Button>
      )}
      {coupon.status !== 'ended' && (
        <Popconfirm
          title={`End ${coupon.code} now?`}
          description="It stops working in every cart at once."
          okText="End now"
          okButtonProps={{ danger: true }}
          onConfirm={() => actions.onEnd(coupon)}
        >
          <Button size="small" danger loading={isBusy} data-testid="coupon-end">
            End now
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}

function CodeAndDescription({ coupon }: { coupon: StaffCoupon }) {
  return (
    <Space orientation="vertical" size={0}>
      <Space size={6} wrap>
        <Typography.Text strong className="wrap-anywhere">
          {coupon.code}
        </Typography.Text>
        {coupon.isPersonal && (
          <Tag>
            Personal · {coupon.customerCount} {coupon.customerCount === 1 ? 'customer' : 'customers'}
          </Tag>
        )}
      </Space>
      <Typography.Text type="secondary" className="wrap-anywhere">
        {coupon.description}
      </Typography.Text>
    </Space>
  );
}

function CouponTable({ data, actions, onPage, isLoading }: ListProps) {
  return (
    <Table<StaffCoupon>
      rowKey="couponID"
      dataSource={data.list}
      loading={isLoading}
      onRow={() => {
        const testID = { 'data-testid': 'coupon-row' };
        return { ...testID, className: 'coupon-row' };
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
        { title: 'Code', key: 'code', render: (_, c) => <CodeAndDescription coupon={c} /> },
        { title: 'Gives', key: 'gives', render: (_, c) => couponOffer(c) },
        {
          title: 'Minimum spend',
          key: 'minSpend',
          responsive: ['lg'],
          render: (_, c) => minSpendText(c.minSpend),
        },
        { title: 'Dates', key: 'dates', render: (_, c) => couponDays(c) },
        { title: 'Uses', key: 'uses', responsive: ['lg'], render: (_, c) => couponUses(c) },
        { title: 'Status', key: 'status', render: (_, c) => <CouponStatusTag coupon={c} /> },
        {
          title: 'Actions',
          key: 'actions',
          render: (_, c) => <CouponActions coupon={c} actions={actions} />,
        },
      ]}
    />
  );
}

/** On a phone: a card per coupon, its actions at the foot. */
function CouponCards({ data, actions, onPage, isLoading }: ListProps) {
  return (
    <div aria-busy={isLoading}>
      <ul className="plain-list">
        {data.list.map((c) => (
          <li key={c.couponID} data-testid="coupon-row">
            <Card size="small">
              <Flex vertical gap={6}>
                <Flex justify="space-between" align="start" gap={8}>
                  <CodeAndDescription coupon={c} />
                  <CouponStatusTag coupon={c} />
                </Flex>
                <Typography.Text>
                  {couponOffer(c)} · {minSpendText(c.minSpend)}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {couponDays(c)} · {couponUses(c)}
                </Typography.Text>
                <CouponActions coupon={c} actions={actions} />
              </Flex>
            </Card>
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
