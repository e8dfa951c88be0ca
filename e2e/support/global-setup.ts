import type { TestProject } from 'vitest/node';
import { startBuiltStore } from './built-store';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The server's APP_SECRET, so a test can sign what the store's e-mails would carry (an unsubscribe link). */
    appSecret: string;
    /** The store's kept mail (support/mailbox.ts reads it). */
    mailboxDir: string;
  }
}

/** Starts the built store (API + SPA) on a free port with a fresh embedded database. */
export default async function setup(project: TestProject) {
  const store = await startBuiltStore();
  project.provide('baseURL', store.baseURL);
  project.provide('appSecret', store.appSecret);
  project.provide('mailboxDir', store.mailboxDir);
  return store.stop;
}
