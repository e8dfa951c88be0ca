import { App as AntApp } from 'antd';
import { AntdProvider } from '../components/antd-provider';
import { toastConfig } from '../components/antd-theme';
import { ToastBridge } from './toast-bridge';

/** Ant Design's themed toasts (spec section 9), mounted once, with the first toast (lib/toast.ts). */
export function ToastHost() {
  return (
    <AntdProvider>
      <AntApp message={toastConfig} component={false}>
        <ToastBridge />
      </AntApp>
    </AntdProvider>
  );
}
