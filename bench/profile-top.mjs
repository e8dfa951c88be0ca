// Where a `node --cpu-prof` profile spent its time: the functions with the most self time, and the packages
// (node_modules/<name>, the app's own files, node internals) they belong to.
// Run: node bench/profile-top.mjs <file.cpuprofile> [rows] [skip] [until]  (skip: seconds of start-up to leave out;
// until: the second to stop at, to read one route's run of several)
import { readFileSync } from 'node:fs';

const [file, rowsArg, skipArg, untilArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/profile-top.mjs <file.cpuprofile> [rows] [skip] [until]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const skipUs = Number(skipArg ?? 0) * 1e6;
const untilUs = untilArg === undefined ? Infinity : Number(untilArg) * 1e6;
let elapsed = 0;
for (let i = 0; i < profile.samples.length; i += 1) {
  const id = profile.samples[i];
  elapsed += profile.timeDeltas[i] ?? 0;
  if (elapsed < skipUs || elapsed >= untilUs) continue;
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);

function where(frame) {
  const url = frame.url || '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.startsWith('node:')) return 'node internals';
  if (url === '(native)') return frame.functionName.startsWith('(') ? frame.functionName : '(native)';
  return url.includes('/apps/api/') ? 'app' : url;
}

const byFunction = new Map();
const byPackage = new Map();
for (const [id, us] of self) {
  const frame = byId.get(id).callFrame;
  const key = `${frame.functionName || '(anonymous)'}  ${frame.url.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  const pkg = where(frame);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
}
const pct = (us) => `${((100 * us) / total).toFixed(1).padStart(5)}%`;
console.log(`total sampled: ${(total / 1000).toFixed(0)} ms\n\nby package:`);
for (const [k, us] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 20))
  console.log(`${pct(us)}  ${k}`);
console.log('\nby function (self time):');
const rows = Number(rowsArg ?? 40);
for (const [k, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, rows))
  console.log(`${pct(us)}  ${k}`);
