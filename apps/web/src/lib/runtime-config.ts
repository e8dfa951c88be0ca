import { isAbn } from '@storefront/contract/abn';
import { RUNTIME_CONFIG_GLOBAL } from '@storefront/contract/limits';
import type { RuntimeConfig } from '@storefront/contract/runtime-config';

const fallbackConfig: Required<RuntimeConfig> = {
  apiBaseUrl: '',
  debugConsole: false,
  googleClientId: null,
  storeAbn: null,
  contactEmail: null,
};

/** The config the server wrote into window by /config.js before the bundle ran. */
export function readRuntimeConfig(): Required<RuntimeConfig> {
  const value: unknown = Reflect.get(window, RUNTIME_CONFIG_GLOBAL);
  if (typeof value !== 'object' || value === null) return fallbackConfig;
  const apiBaseUrl: unknown = Reflect.get(value, 'apiBaseUrl');
  const debugConsole: unknown = Reflect.get(value, 'debugConsole');
  const googleClientId: unknown = Reflect.get(value, 'googleClientId');
  const storeAbn: unknown = Reflect.get(value, 'storeAbn');
  const contactEmail: unknown = Reflect.get(value, 'contactEmail');
  return {
    apiBaseUrl: typeof apiBaseUrl === 'string' ? apiBaseUrl.replace(/\/+$/, '') : '',
    debugConsole: debugConsole === true,
    googleClientId: typeof googleClientId === 'string' && googleClientId ? googleClientId : null,
    storeAbn: typeof storeAbn === 'string' && isAbn(storeAbn) ? storeAbn : null,
    // Shown as a mailto: link, so only a plain address.
    contactEmail:
      typeof contactEmail === 'string' && /^[^\s@<>]+@[^\s@<>]+$/.test(contactEmail) ? contactEmail : null,
  };
}
