import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client.js';
import { openPostgres } from './db/client.js';
import { staff, staffPasswordLinks } from './db/schema/index.js';
import { hashToken } from './lib/tokens.js';
import { openTestDatabase } from '../test/test-app.js';

const cli = fileURLToPath(new URL('./staff-cli.ts', import.meta.url));
const tsxLoader = import.meta.resolve('tsx');

/** `npm run staff -- …` as a process of its own, on a database of its own (PostgreSQL: PGlite is one process). */
describe.runIf(process.env.TEST_DB === 'postgres')('npm run staff', () => {
  let shared: Database & { url?: string };
  let db: Database;
  beforeAll(async () => {
    shared = await openTestDatabase();
    if (!shared.url) throw new Error('no database url');
    db = await openPostgres(shared.url, { poolSize: 2 });
  });
  afterAll(async () => {
    await db?.close();
    await shared?.close();
  });

  const run = (...args: string[]) =>
    promisify(execFile)(process.execPath, ['--import', tsxLoader, cli, ...args], {
      env: { ...process.env, DATABASE_URL: shared.url ?? '', SEED_DEMO: 'false', SCRYPT_LOG_N: '10' },
      timeout: 120_000,
    }).then(
      ({ stdout }) => ({ code: 0, out: stdout }),
      (err: { code?: number; stdout?: string; stderr?: string }) => ({
        code: err.code ?? 1,
        out: `${err.stdout ?? ''}${err.stderr ?? ''}`,
      }),
    );

  it("adds a new shop's first owner and prints the one-time link that sets their password", async () => {
    const added = await run(
      'add',
      '--email',
      'first.owner@shop.example',
      '--role',
      'owner',
      '--name',
      'First Owner',
    );
    expect(added.code, added.out).toBe(0);
    const token = /\/admin\/set-password\?token=([A-Za-z0-9_-]{43})/.exec(added.out)?.[1] ?? '';
    const [member] = await db.db.select().from(staff);
    expect(member).toMatchObject({ email: 'first.owner@shop.example', role: 'owner', passwordHash: null });
    const [link] = await db.db.select().from(staffPasswordLinks);
    expect(link?.tokenHash).toBe(hashToken(token));

    const again = await run('add', '--email', 'FIRST.owner@shop.example', '--role', 'owner');
    expect(again).toMatchObject({ code: 1 });
    expect(again.out).toContain('A staff member with this email already exists.');
    const wrong = await run('add', '--email', 'nope', '--role', 'boss');
    expect(wrong.code).toBe(2);
    expect(wrong.out).toContain('--email: must be an email address');
  });
});
