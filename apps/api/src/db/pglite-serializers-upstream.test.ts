import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const describeEmbedded = describe.runIf(process.env.TEST_DB === 'pglite');

// Bare PGlite, in a process of its own: one left out of step troubles every PGlite made after it in that process.
const BARE_PGLITE = `
import { PGlite } from '@electric-sql/pglite';
const db = await PGlite.create();
await db.query('select $1::int[] as ids', [5]).catch(() => undefined);
const next = await db.query('select 42 as n').then(() => 'answered', (err) => err.message);
console.log(next);
process.exit(0);
`;

describeEmbedded('PGlite itself, without the shim', () => {
  it('still leaves a statement half sent when a serialiser fails (once this fails, remove pglite-serializers-shim.ts)', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '--eval', BARE_PGLITE],
      { cwd: new URL('.', import.meta.url).pathname, timeout: 60_000 },
    );
    expect(stdout.trim()).toBe('invalid message format');
  });
});
