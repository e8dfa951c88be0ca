import enUS from 'antd/es/locale/en_US';
import type { ReactNode } from 'react';
import { AntdProvider } from './antd-provider';

/** The store's Ant Design theme and locale, around a page or a part of one built with it. */
export function AntdIsland({ children }: { children: ReactNode }) {
  return <AntdProvider locale={enUS}>{children}</AntdProvider>;
}
