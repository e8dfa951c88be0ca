import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AntdIsland } from '../components/antd-island';
import { PageLoading } from '../components/page-loading';

/** The pages built with Ant Design render inside its theme; it loads with the first of them. */
export function AntdScope() {
  return (
    <AntdIsland>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </AntdIsland>
  );
}
