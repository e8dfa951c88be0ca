import { Button, Result } from 'antd';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * A page that could not load (its code did not come: offline, or a new version was deployed) or threw while
 * rendering: a plain message and a reload, never a blank screen.
 */
export function RouteErrorPage() {
  useDocumentTitle('Something went wrong');
  return (
    <main className="centred">
      <Result
        status="error"
        title={<h1 className="result-heading">This page could not be shown</h1>}
        subTitle="Check your connection, then load the page again."
        extra={
          <Button type="primary" onClick={() => window.location.reload()} data-testid="route-error-reload">
            Load again
          </Button>
        }
        data-testid="route-error"
      />
    </main>
  );
}
