import { ConfigProvider, type ConfigProviderProps, type ThemeConfig } from 'antd';
import { useState, type ReactNode } from 'react';
import { useAntdConfig } from './antd-config';

const MOTION_ON: ThemeConfig = { token: { motion: true } };
const MOTION_OFF: ThemeConfig = { token: { motion: false } };

/**
 * Ant Design's `ConfigProvider` with the store's theme (`useAntdConfig`), following the visitor's reduced-motion
 * setting without building what it holds again. Ant Design puts a motion context round a provider's children once
 * the provider's motion differs from the one above it, and keeps it from then on: a provider whose motion started as
 * the one above (on, by default) and changed later wrapped its children anew, and React built them again from
 * nothing, an open form losing what was typed in it. The provider outside it holds the opposite of the store's
 * first motion and never changes, so the children are wrapped from the first render and a change only reaches them.
 * The store's theme does not inherit from it (`inherit: false`, `antd-config.ts`).
 */
export function AntdProvider({
  children,
  locale,
}: {
  children: ReactNode;
  locale?: ConfigProviderProps['locale'];
}) {
  const config = useAntdConfig();
  const [outside] = useState(() => (config.theme.token?.motion === false ? MOTION_ON : MOTION_OFF));
  return (
    <ConfigProvider theme={outside}>
      <ConfigProvider {...config} locale={locale}>
        {children}
      </ConfigProvider>
    </ConfigProvider>
  );
}
