import { Page } from '../../../components/page';

/** Being built. */
export function OffersPage() {
  return <Page title="Coupons and vouchers">Coming soon.</Page>;
}
