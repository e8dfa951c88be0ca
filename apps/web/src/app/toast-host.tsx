import { App as AntApp, ConfigProvider } from 'antd';
import { theme, toastConfig } from '../components/antd-theme';
import { ToastBridge } from './toast-bridge';

/** Ant Design's themed toasts (spec section 9), mounted once, with the first toast (lib/toast.ts). */
export function ToastHost() {
  return (
    <ConfigProvider theme={theme}>
      <AntApp message={toastConfig} component={false}>
        <ToastBridge />
      </AntApp>
    </ConfigProvider>
  );
}
