import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './router';
import { createAppStore } from './store';
import { theme, toastConfig } from './theme';
import { ToastBridge } from './toast-bridge';

export function AppRoot() {
  const [store] = useState(createAppStore);
  const [router] = useState(createAppRouter);
  return (
    <Provider store={store}>
      <ConfigProvider theme={theme} locale={enUS}>
        <AntApp message={toastConfig}>
          <ToastBridge />
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
    </Provider>
  );
}
