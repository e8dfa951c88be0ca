import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { serverNodeFlags } from '../node-flags.mjs';

describe('the flags the server runs with', () => {
  it('are the same when the package is started on its own as when `npm start` starts it', async () => {
    const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as {
      scripts: { start: string };
    };
    expect(pkg.scripts.start).toBe(`node ${serverNodeFlags.join(' ')} dist/server.js`);
  });
});
