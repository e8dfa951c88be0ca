import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import type { ReactNode } from 'react';
import { theme } from './antd-theme';

/** The store's Ant Design theme and locale, around a page or a part of one built with it. */
export function AntdIsland({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={theme} locale={enUS}>
      {children}
    </ConfigProvider>
  );
}
