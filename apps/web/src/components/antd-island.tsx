import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import type { ReactNode } from 'react';
import { useAntdConfig } from './antd-config';

/** The store's Ant Design theme and locale, around a page or a part of one built with it. */
export function AntdIsland({ children }: { children: ReactNode }) {
  const antdConfig = useAntdConfig();
  return (
    <ConfigProvider {...antdConfig} locale={enUS}>
      {children}
    </ConfigProvider>
  );
}
