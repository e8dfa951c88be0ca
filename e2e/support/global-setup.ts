import type { TestProject } from 'vitest/node';
import { startBuiltStore } from './built-store';
import './store';
import { setZoneMinimum } from './zone-minimum';

/**
 * Starts one built store (API + SPA), each on a free port with a fresh embedded database, per worker the journeys
 * run in (vitest.config.ts).
 */
export default async function setup(project: TestProject) {
  const workers = Number(project.config.maxWorkers) || 1;
  const stores = await Promise.all(Array.from({ length: workers }, () => startBuiltStore()));
  // The journeys order a few items to Sydney: the demo's metro minimum order is taken away for them
  // (delivery-choice.spec.ts sets one of its own, and takes it away again).
  try {
    await Promise.all(stores.map((s) => setZoneMinimum(s.baseURL, 'metro', 0)));
  } catch (err) {
    await Promise.all(stores.map((s) => s.stop()));
    throw err;
  }
  project.provide(
    'stores',
    stores.map(({ baseURL, appSecret, mailboxDir }) => ({ baseURL, appSecret, mailboxDir })),
  );
  return async () => {
    await Promise.all(stores.map((s) => s.stop()));
  };
}
