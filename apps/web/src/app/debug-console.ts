import type { RuntimeConfig } from '@storefront/contract/runtime-config';

export const DEBUG_CONSOLE_MAX_LOGS = 1000;

/** Loads vConsole after the first paint, on every page, unless the runtime config switches it off. */
export function startDebugConsole(config: RuntimeConfig): void {
  if (!config.debugConsole) return;
  const load = () => {
    void import('vconsole').then(({ default: VConsole }) => {
      new VConsole({ log: { maxLogNumber: DEBUG_CONSOLE_MAX_LOGS } });
    });
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 2000 });
  else setTimeout(load, 0);
}
