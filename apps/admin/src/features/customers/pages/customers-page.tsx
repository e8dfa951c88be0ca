import { Page } from '../../../components/page';

/** Being built. */
export function CustomersPage() {
  return <Page title="Customers">Coming soon.</Page>;
}
