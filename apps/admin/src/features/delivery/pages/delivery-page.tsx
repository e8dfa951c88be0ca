import { Page } from '../../../components/page';

/** Being built. */
export function DeliveryPage() {
  return <Page title="Delivery windows">Coming soon.</Page>;
}
