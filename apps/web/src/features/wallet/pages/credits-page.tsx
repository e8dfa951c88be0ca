import { Card, Empty, List, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import type { CreditEntry, CreditReason } from '@storefront/contract/wallet';
import { LoadFailed } from '../../../components/load-failed';
import { formatMoney } from '../../../lib/money';
import { useRemoteData } from '../../../lib/use-remote-data';
import { retrieveCredits } from '../api';
import { formatWalletDate } from '../components/describe-coupon';
import { orderReference } from '@storefront/contract/order-reference';

const PAGE_SIZE = 10;

const reasonLabels: Record<CreditReason, string> = {
  voucher: 'Gift voucher',
  order_payment: 'Spent on an order',
  order_refund: 'Order refund',
  goodwill: 'Goodwill credit',
};

function describeEntry(entry: CreditEntry): string {
  if (entry.voucherCode) return `Voucher ${entry.voucherCode}`;
  if (entry.orderID !== null) return `Order ${orderReference(entry.orderID)}`;
  return 'From Harbour Grocer';
}

export function CreditsPage() {
  const [page, setPage] = useState(1);
  const load = useCallback(() => retrieveCredits(page, PAGE_SIZE), [page]);
  const credits = useRemoteData(load);

  if (credits.status === 'failed' && !credits.data) {
    return (
      <LoadFailed
        title="Your store credit could not be loaded"
        error={credits.error}
        onRetry={credits.reload}
        testId="credits-error"
      />
    );
  }
  if (!credits.data) return <Skeleton active paragraph={{ rows: 5 }} data-testid="credits-loading" />;

  const { balance, entries } = credits.data;
  return (
    <Card data-testid="credits-page">
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Statistic
          title="Available balance"
          value={formatMoney(balance)}
          valueStyle={{ color: 'var(--ant-color-primary)' }}
          data-testid="credits-balance"
        />
        <Typography.Text type="secondary">
          Store credit is spent at checkout. Have a gift voucher?{' '}
          <Link to="/account/vouchers" data-testid="credits-redeem-link">
            Redeem it here
          </Link>
          .
        </Typography.Text>
        {entries.total === 0 ? (
          <Empty description="No store credit yet." data-testid="credits-empty" />
        ) : (
          <List
            className="wallet-ledger"
            data-testid="credits-ledger"
            loading={credits.status === 'loading'}
            dataSource={entries.list}
            rowKey="id"
            pagination={{
              current: entries.page,
              pageSize: entries.pageSize,
              total: entries.total,
              size: 'small',
              hideOnSinglePage: true,
              onChange: setPage,
            }}
            renderItem={(entry) => (
              <List.Item data-testid="credits-entry">
                <List.Item.Meta
                  title={
                    <Space wrap size="small">
                      <span>{reasonLabels[entry.reason]}</span>
                      <Tag>{describeEntry(entry)}</Tag>
                    </Space>
                  }
                  description={formatWalletDate(entry.createdAt)}
                />
                <Typography.Text
                  strong
                  type={entry.amount < 0 ? 'danger' : 'success'}
                  className="wallet-amount"
                  data-testid="credits-entry-amount"
                >
                  {entry.amount > 0 ? '+' : ''}
                  {formatMoney(entry.amount)}
                </Typography.Text>
              </List.Item>
            )}
          />
        )}
      </Space>
    </Card>
  );
}
