import { Button, Result } from 'antd';
import { isForbidden, readErrorMessage } from '../lib/http/api-error';
import { ForbiddenResult } from './forbidden-result';

/**
 * A page's read failed: a role not allowed reads as the 403 result, anything else says what went wrong and offers
 * to try again. The page's own heading stays above it.
 */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isForbidden(error)) return <ForbiddenResult asPage={false} />;
  return (
    <Result
      status="warning"
      title="This could not be loaded"
      subTitle={readErrorMessage(error)}
      extra={
        <Button onClick={onRetry} data-testid="load-retry">
          Try again
        </Button>
      }
      data-testid="load-error"
    />
  );
}
