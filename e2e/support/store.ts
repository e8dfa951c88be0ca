import { inject } from 'vitest';

export type StoreUnderTest = {
  baseURL: string;
  /** The server's APP_SECRET, so a test can sign what the store's e-mails would carry (an unsubscribe link). */
  appSecret: string;
  /** The store's kept mail (support/mailbox.ts reads it). */
  mailboxDir: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    /** One built store per worker (support/global-setup.ts); a spec file talks to its worker's only. */
    stores: StoreUnderTest[];
  }
}

/**
 * The store this spec file's worker owns. Spec files run two at a time, each worker on a store of its own, so a
 * journey never sees the demo customer's cart changed by a journey running beside it.
 */
export function store(): StoreUnderTest {
  const stores = inject('stores');
  const slot = Number(process.env.VITEST_POOL_ID ?? '1') - 1;
  const own = stores[slot % stores.length];
  if (!own) throw new Error('No store was started for the journeys (support/global-setup.ts).');
  return own;
}
