import { Tag } from 'antd';
import type { StaffCoupon } from '@storefront/contract/offers-admin';
import { isUsedUp } from '../offer-words';

/** Running, Scheduled, Ended, or Used up (ended by its last use). */
export function CouponStatusTag({ coupon }: { coupon: StaffCoupon }) {
  if (coupon.status === 'running') return <Tag color="success">Running</Tag>;
  if (coupon.status === 'scheduled') return <Tag color="processing">Scheduled</Tag>;
  return <Tag>{isUsedUp(coupon) && Date.parse(coupon.endsAt) > Date.now() ? 'Used up' : 'Ended'}</Tag>;
}
