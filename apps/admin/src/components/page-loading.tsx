import { Skeleton } from 'antd';

/** What a page shows while its read is out. */
export function PageLoading({ rows = 4 }: { rows?: number }) {
  return (
    <div data-testid="page-loading" role="status" aria-busy="true" aria-label="Loading">
      <Skeleton active paragraph={{ rows }} />
    </div>
  );
}
