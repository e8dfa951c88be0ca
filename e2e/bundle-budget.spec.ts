import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** What the sign-in page may load before its first paint (issue #58's figure, bench/README.md "Bundle size"). */
const LOGIN_BUDGET_KB = 139.3;

describe('the built storefront', () => {
  it(`loads at most ${LOGIN_BUDGET_KB} KB gzip of JavaScript and CSS before /login first paints`, () => {
    const dist = process.env.E2E_WEB_DIR ?? path.join(root, 'apps/web/dist');
    const run = spawnSync(
      process.execPath,
      ['bench/bundle-size.mjs', '--budget', String(LOGIN_BUDGET_KB), '--dist', dist],
      { cwd: root, encoding: 'utf8' },
    );
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(`budget ${LOGIN_BUDGET_KB.toFixed(1)} KB: within.`);
    expect(run.status).toBe(0);
  });
});
