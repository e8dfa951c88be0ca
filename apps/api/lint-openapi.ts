/**
 * The OpenAPI document against Spectral's OWASP rules (.spectral.yaml). As a script (`npm run lint:openapi -w
 * apps/api`) it builds the app on an empty in-memory database, lints its document and fails on any error;
 * src/plugins/openapi-lint.test.ts calls lintOpenApi on a test app.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildApp } from './src/app.js';
import { loadConfig } from './src/config.js';
import { openPglite } from './src/db/client.js';

export type SpectralResult = { code: string; message: string; path: string[]; severity: number };
export type OpenApiLint = { errors: SpectralResult[]; warnings: SpectralResult[] };

const RULESET = fileURLToPath(new URL('./.spectral.yaml', import.meta.url));
const CLI = createRequire(import.meta.url).resolve('@stoplight/spectral-cli/dist/index.js');
const ERROR = 0;
const WARNING = 1;

function run(args: string[]): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stderr }));
  });
}

export async function lintOpenApi(document: unknown): Promise<OpenApiLint> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sf-openapi-'));
  try {
    const file = path.join(dir, 'openapi.json');
    const out = path.join(dir, 'results.json');
    await writeFile(file, JSON.stringify(document, null, 2));
    const { status, stderr } = await run(['lint', file, '-r', RULESET, '-f', 'json', '-o', out, '-q']);
    const results = JSON.parse(await readFile(out, 'utf8').catch(() => '[]')) as SpectralResult[];
    // Exit status 1 only says that errors were found; anything else means Spectral itself failed.
    if (status !== 0 && status !== 1) throw new Error(`spectral exited with ${status}: ${stderr}`);
    return {
      errors: results.filter((r) => r.severity === ERROR),
      warnings: results.filter((r) => r.severity === WARNING),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function summarise(results: SpectralResult[]): string {
  const counts = new Map<string, number>();
  for (const r of results) counts.set(r.code, (counts.get(r.code) ?? 0) + 1);
  return [...counts].map(([code, n]) => `${code} ${n}`).join(', ');
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sf-openapi-app-'));
  const database = await openPglite();
  try {
    await database.migrate();
    const config = loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: dir, WEB_DIST_DIR: dir });
    const app = await buildApp({ config, database });
    await app.ready();
    const { errors, warnings } = await lintOpenApi(app.swagger());
    await app.close();
    for (const e of errors) console.log(`error  ${e.code}  ${e.path.join('.')}\n       ${e.message}`);
    console.log(`OpenAPI lint: ${errors.length} errors, ${warnings.length} warnings`);
    if (warnings.length > 0) console.log(`warnings: ${summarise(warnings)}`);
    if (errors.length > 0) process.exitCode = 1;
  } finally {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
