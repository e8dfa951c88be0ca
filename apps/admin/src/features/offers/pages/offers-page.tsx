import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { CouponsTab } from '../components/coupons-tab';
import { VouchersTab } from '../components/vouchers-tab';

const tabs = ['coupons', 'vouchers'] as const;
type Tab = (typeof tabs)[number];

/** Coupons customers type in the cart (or find in their wallet), and gift voucher codes they redeem for credit. */
export function OffersPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = tabs.find((t) => t === searchParams.get('tab')) ?? 'coupons';
  return (
    <Page
      title="Coupons and vouchers"
      lead="Coupons take money off a cart or make delivery free; gift vouchers add store credit."
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearchParams(key === 'coupons' ? {} : { tab: key })}
        items={[
          { key: 'coupons', label: 'Coupons', children: <CouponsTab /> },
          { key: 'vouchers', label: 'Gift vouchers', children: <VouchersTab /> },
        ]}
      />
    </Page>
  );
}
