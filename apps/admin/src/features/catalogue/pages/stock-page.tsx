import { Page } from '../../../components/page';

/** Being built. */
export function StockPage() {
  return <Page title="Stock">Coming soon.</Page>;
}
