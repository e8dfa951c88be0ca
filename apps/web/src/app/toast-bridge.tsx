import { App } from 'antd';
import { useEffect } from 'react';
import { registerToaster } from '../lib/toast';

/** Hands the themed toast API of <App> to code outside React. */
export function ToastBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    registerToaster(message);
    return () => registerToaster(null);
  }, [message]);
  return null;
}
