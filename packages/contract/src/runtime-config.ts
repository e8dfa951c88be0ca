import { z } from 'zod';

/** What the server tells the browser at start (GET /config.json), instead of baking it into the build. */
export const runtimeConfig = z.object({
  apiBaseUrl: z.string(),
  debugConsole: z.boolean(),
  googleClientId: z.string().nullable(),
  /** The shop's ABN (11 digits), shown on the tax invoice an order's page is once paid; null when not set. */
  storeAbn: z.string().nullable(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfig>;

export { RUNTIME_CONFIG_GLOBAL } from './limits.js';
