import { Page } from '../../../components/page';

/** Being built. */
export function ProductsPage() {
  return <Page title="Products">Coming soon.</Page>;
}
