import { Page } from '../../../components/page';

/** Being built. */
export function ImportPage() {
  return <Page title="Import products">Coming soon.</Page>;
}
