import { Skeleton } from 'antd';

export function PageLoading() {
  return (
    <div className="page" data-testid="page-loading">
      <Skeleton active paragraph={{ rows: 6 }} />
    </div>
  );
}
