import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['*.spec.ts'],
    globalSetup: ['support/global-setup.ts'],
    // Three spec files at a time, each worker on a store of its own (support/store.ts): a journey spends most of its
    // time waiting on the browser and the store. On the 2-core machine (2026-11-28) the whole suite took 326 s with
    // three and 357 s with four (the journeys then waited on the cores: 851 -> 1,288 s of test time); with two it
    // had taken about 700 s in the CI runs before, on slower days.
    maxWorkers: Number(process.env.E2E_WORKERS) || 3,
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
