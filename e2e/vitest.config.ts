import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['*.spec.ts'],
    globalSetup: ['support/global-setup.ts'],
    // Two spec files at a time, each worker on a store of its own (support/store.ts): a journey spends most of its
    // time waiting on the browser and the store, so two share the machine's cores without slowing each other much.
    maxWorkers: Number(process.env.E2E_WORKERS) || 2,
    testTimeout: 120_000,
    // expect.poll gives up after 1 s by default: on a loaded machine a payment capture or a page's second read can
    // take longer (a PayPal journey failed so once in CI). Like Playwright's own waits, give the page its time.
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 180_000,
    // One retry in CI: a journey that fails twice is a failure; one that passes on the retry is listed by vitest
    // and named in the handover notes (the account menu's sign-out has failed once under a loaded machine).
    retry: process.env.CI ? 1 : 0,
  },
});
