import type { RuntimeConfig } from '@storefront/contract/runtime-config';
import { afterLoadIdle } from '../lib/after-load';

export const DEBUG_CONSOLE_MAX_LOGS = 1000;
export const DEBUG_QUERY_PARAM = 'debug';
const DEBUG_STORAGE_KEY = 'storefront.debugConsole';
const SETTLE_MS = 5000;

/**
 * Whether the visitor asked to debug: the runtime config's `debugConsole`, or `?debug=1` in the address, which
 * holds for the rest of the tab's visit (`?debug=0` ends it).
 */
export function isDebugAsked(config: RuntimeConfig, search: string, storage: Storage): boolean {
  const asked = new URLSearchParams(search).get(DEBUG_QUERY_PARAM);
  if (asked === '1' || asked === 'true') storage.setItem(DEBUG_STORAGE_KEY, '1');
  if (asked === '0' || asked === 'false') storage.removeItem(DEBUG_STORAGE_KEY);
  return config.debugConsole || storage.getItem(DEBUG_STORAGE_KEY) === '1';
}

/**
 * Loads vConsole on every page a few seconds after the page has loaded, when the browser is idle, so it never
 * delays the first paint. Its floating switch would sit over customers' controls, so it shows only when debugging is asked for.
 */
export function startDebugConsole(config: RuntimeConfig): void {
  const showSwitch = isDebugAsked(config, window.location.search, window.sessionStorage);
  const load = () => {
    void import('vconsole').then(({ default: VConsole }) => {
      let vConsole: InstanceType<typeof VConsole> | null = null;
      const hideSwitch = () => {
        if (!showSwitch) vConsole?.hideSwitch();
      };
      vConsole = new VConsole({ log: { maxLogNumber: DEBUG_CONSOLE_MAX_LOGS }, onReady: hideSwitch });
      hideSwitch();
    });
  };
  // Its script takes a long task to run: wait until the page has loaded, its first data has arrived and the
  // browser is idle, so it never competes with what the customer came for.
  afterLoadIdle(load, SETTLE_MS);
}
