import { App as AntApp, ConfigProvider } from 'antd';
import { useAntdConfig } from '../components/antd-config';
import { toastConfig } from '../components/antd-theme';
import { ToastBridge } from './toast-bridge';

/** Ant Design's themed toasts (spec section 9), mounted once, with the first toast (lib/toast.ts). */
export function ToastHost() {
  const antdConfig = useAntdConfig();
  return (
    <ConfigProvider {...antdConfig}>
      <AntApp message={toastConfig} component={false}>
        <ToastBridge />
      </AntApp>
    </ConfigProvider>
  );
}
