import { Page } from '../../../components/page';

/** Being built. */
export function ProductPage() {
  return <Page title="Product">Coming soon.</Page>;
}
