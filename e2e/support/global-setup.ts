import type { TestProject } from 'vitest/node';
import { startBuiltStore } from './built-store';
import './store';

/**
 * Starts one built store (API + SPA), each on a free port with a fresh embedded database, per worker the journeys
 * run in (vitest.config.ts).
 */
export default async function setup(project: TestProject) {
  const workers = Number(project.config.maxWorkers) || 1;
  const stores = await Promise.all(Array.from({ length: workers }, () => startBuiltStore()));
  project.provide(
    'stores',
    stores.map(({ baseURL, appSecret, mailboxDir }) => ({ baseURL, appSecret, mailboxDir })),
  );
  return async () => {
    await Promise.all(stores.map((s) => s.stop()));
  };
}
