// `npm run staff -- add --email you@shop.example --role owner`: adds a staff member and prints their password link.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './setup.mjs';

ensureInstalled();
ensureBuilt();
const res = spawnSync(
  process.execPath,
  [path.join(root, 'apps/api/dist/staff-cli.js'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
process.exit(res.status ?? 1);
