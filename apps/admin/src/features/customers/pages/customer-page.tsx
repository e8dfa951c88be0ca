import { Page } from '../../../components/page';

/** Being built. */
export function CustomerPage() {
  return <Page title="Customer">Coming soon.</Page>;
}
