import type { RuntimeConfig } from '@storefront/contract/runtime-config';
import type VConsole from 'vconsole';
import { afterLoadIdle } from '../lib/after-load';

export const DEBUG_CONSOLE_MAX_LOGS = 1000;
export const DEBUG_QUERY_PARAM = 'debug';
const DEBUG_STORAGE_KEY = 'storefront.debugConsole';
const SETTLE_MS = 5000;
const RETRY_MS = 30_000;
const MAX_ATTEMPTS = 5;

/** What this module uses of vConsole. */
type DebugConsoleClass = new (
  options: ConstructorParameters<typeof VConsole>[0],
) => Pick<VConsole, 'hideSwitch'>;

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

/** Runs `retry` when the browser is back online, or after a while if it never knew it was offline. */
function retryLater(retry: () => void): void {
  if (navigator.onLine) setTimeout(retry, RETRY_MS);
  else window.addEventListener('online', retry, { once: true });
}

/**
 * Loads vConsole on every page a few seconds after the page has loaded, when the browser is idle, so it never
 * delays the first paint. Its floating switch would sit over customers' controls, so it shows only when debugging is asked for.
 * Should its code not come (offline), it is fetched again later.
 */
export function startDebugConsole(
  config: RuntimeConfig,
  importVConsole: () => Promise<{ default: DebugConsoleClass }> = () => import('vconsole'),
): void {
  const showSwitch = isDebugAsked(config, window.location.search, window.sessionStorage);
  let attempts = 0;
  const load = () => {
    attempts += 1;
    void importVConsole().then(
      ({ default: DebugConsole }) => {
        let vConsole: InstanceType<DebugConsoleClass> | null = null;
        const hideSwitch = () => {
          if (!showSwitch) vConsole?.hideSwitch();
        };
        vConsole = new DebugConsole({ log: { maxLogNumber: DEBUG_CONSOLE_MAX_LOGS }, onReady: hideSwitch });
        hideSwitch();
      },
      () => {
        if (attempts < MAX_ATTEMPTS) retryLater(load);
      },
    );
  };
  // Its script takes a long task to run: wait until the page has loaded, its first data has arrived and the
  // browser is idle, so it never competes with what the customer came for.
  afterLoadIdle(load, SETTLE_MS);
}
