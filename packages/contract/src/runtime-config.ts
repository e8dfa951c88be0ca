import { z } from 'zod';

/** What the server tells the browser at start (GET /config.json), instead of baking it into the build. */
export const runtimeConfig = z.object({
  apiBaseUrl: z.string(),
  debugConsole: z.boolean(),
  googleClientId: z.string().nullable(),
  /** The shop's ABN (11 digits), shown on the tax invoice an order's page is once paid; null when not set. */
  storeAbn: z.string().nullable(),
  /**
   * How customers reach the shop: the address of `MAIL_FROM`, which its mails come from and name as the contact.
   * Optional: a server from before it left it out.
   */
  contactEmail: z.string().nullable().optional(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfig>;

export { RUNTIME_CONFIG_GLOBAL } from './limits.js';
