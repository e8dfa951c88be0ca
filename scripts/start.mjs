// `npm start`: install and build what is missing, then run the store (API + web app) in one process.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { serverNodeFlags } from '../apps/api/node-flags.mjs';
import { ensureBuilt, ensureInstalled, root } from './setup.mjs';

ensureInstalled();
ensureBuilt();

const server = spawn(process.execPath, [...serverNodeFlags, path.join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill('SIGTERM'));
// npm runs this through `sh -c`, which dies on SIGTERM without passing it on: when our parent goes, stop too.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) server.kill('SIGTERM');
}, 1000).unref();
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
