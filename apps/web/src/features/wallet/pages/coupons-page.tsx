import { CopyOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import type { WalletCoupon, WalletCouponStatus } from '@storefront/contract/wallet';
import { LoadFailed } from '../../../components/load-failed';
import { useRemoteData } from '../../../lib/use-remote-data';
import { retrieveCouponPackage } from '../api';
import { describeCoupon, describeUses, goneLabel } from '../components/describe-coupon';
import { toast } from '../../../lib/toast';

type TabKey = 'available' | 'used' | 'expired';

/** Coupons that start later are shown with the available ones, marked "Starts soon". */
const tabStatuses: Record<TabKey, readonly WalletCouponStatus[]> = {
  available: ['available', 'upcoming'],
  used: ['used'],
  expired: ['expired'],
};

const emptyText: Record<TabKey, string> = {
  available: 'No coupons to use right now.',
  used: 'You have not used any coupons yet.',
  expired: 'No expired coupons.',
};

function CouponCard({ coupon }: { coupon: WalletCoupon }) {
  const isUsable = coupon.status === 'available';

  const copyCode = async () => {
    try {
      await navigator.clipboard.writeText(coupon.code);
      toast.success(`Copied ${coupon.code}. Apply it in your cart.`);
    } catch {
      toast.info(`Your code is ${coupon.code}.`);
    }
  };

  return (
    <Card
      size="small"
      className={isUsable ? 'wallet-coupon' : 'wallet-coupon wallet-coupon-inactive'}
      data-testid="coupon-card"
      data-code={coupon.code}
    >
      <Space direction="vertical" size={4} style={{ width: '100%' }}>
        <Space wrap>
          <Typography.Text strong code data-testid="coupon-code">
            {coupon.code}
          </Typography.Text>
          {coupon.status === 'upcoming' && <Tag color="blue">Starts soon</Tag>}
          {coupon.status === 'used' && <Tag>Used</Tag>}
          {coupon.status === 'expired' && <Tag color="default">{goneLabel(coupon, new Date())}</Tag>}
        </Space>
        <Typography.Text data-testid="coupon-rules">{describeCoupon(coupon)}</Typography.Text>
        <Typography.Text type="secondary">{coupon.description}</Typography.Text>
        <Typography.Text type="secondary" className="wallet-coupon-uses">
          {describeUses(coupon)}
        </Typography.Text>
        {isUsable && (
          <Button
            size="small"
            icon={<CopyOutlined />}
            onClick={() => void copyCode()}
            data-testid="coupon-copy"
          >
            Copy code
          </Button>
        )}
      </Space>
    </Card>
  );
}

function CouponList({ tab }: { tab: TabKey }) {
  const load = useCallback(() => retrieveCouponPackage(tabStatuses[tab]), [tab]);
  const coupons = useRemoteData(load);

  if (coupons.status === 'failed' && !coupons.data) {
    return (
      <LoadFailed
        title="Your coupons could not be loaded"
        error={coupons.error}
        onRetry={coupons.reload}
        testId="coupons-error"
      />
    );
  }
  if (!coupons.data) return <Skeleton active paragraph={{ rows: 4 }} data-testid="coupons-loading" />;
  return (
    <div data-testid={`coupons-${tab}`}>
      {coupons.data.list.length === 0 ? (
        <Empty description={emptyText[tab]} data-testid="coupons-empty" />
      ) : (
        <div className="wallet-coupon-grid">
          {coupons.data.list.map((coupon) => (
            <CouponCard key={coupon.couponID} coupon={coupon} />
          ))}
        </div>
      )}
    </div>
  );
}

export function CouponsPage() {
  const [tab, setTab] = useState<TabKey>('available');
  return (
    <Card data-testid="coupons-page">
      <Tabs
        className="tabs-that-wrap"
        activeKey={tab}
        onChange={(key) => setTab(key === 'used' || key === 'expired' ? key : 'available')}
        destroyOnHidden
        items={(['available', 'used', 'expired'] as const).map((key) => ({
          key,
          label: <span data-testid={`coupons-tab-${key}`}>{key[0]?.toUpperCase() + key.slice(1)}</span>,
          children: <CouponList tab={key} />,
        }))}
      />
    </Card>
  );
}
