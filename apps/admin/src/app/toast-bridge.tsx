import { App } from 'antd';
import { useEffect } from 'react';
import { registerToaster } from '../lib/toast';

/** Hands the mounted <App>'s themed toasts to code outside React (the HTTP client's network message). */
export function ToastBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    registerToaster(message);
    return () => registerToaster(null);
  }, [message]);
  return null;
}
