import { App as AntdApp, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { StaffSessionProvider } from '../lib/staff-session';
import { toastConfig } from '../lib/toast';
import { createAdminRouter } from './router';
import { theme } from './theme';
import { ToastBridge } from './toast-bridge';

export function AppRoot() {
  const [router] = useState(createAdminRouter);
  return (
    <ConfigProvider theme={theme} locale={enGB}>
      <AntdApp message={toastConfig}>
        <ToastBridge />
        <StaffSessionProvider>
          <RouterProvider router={router} />
        </StaffSessionProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
