import type { RuntimeConfig } from '@storefront/contract/runtime-config';

/** Same name as RUNTIME_CONFIG_GLOBAL in the contract; importing the value would pull zod into the bundle. */
const GLOBAL_NAME = '__STOREFRONT_CONFIG__';

const fallbackConfig: RuntimeConfig = { apiBaseUrl: '', debugConsole: false, googleClientId: null };

/** The config the server wrote into window by /config.js before the bundle ran. */
export function readRuntimeConfig(): RuntimeConfig {
  const value: unknown = Reflect.get(window, GLOBAL_NAME);
  if (typeof value !== 'object' || value === null) return fallbackConfig;
  const apiBaseUrl: unknown = Reflect.get(value, 'apiBaseUrl');
  const debugConsole: unknown = Reflect.get(value, 'debugConsole');
  const googleClientId: unknown = Reflect.get(value, 'googleClientId');
  return {
    apiBaseUrl: typeof apiBaseUrl === 'string' ? apiBaseUrl.replace(/\/+$/, '') : '',
    debugConsole: debugConsole === true,
    googleClientId: typeof googleClientId === 'string' && googleClientId ? googleClientId : null,
  };
}
