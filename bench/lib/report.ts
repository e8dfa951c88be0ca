import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const readme = fileURLToPath(new URL('../README.md', import.meta.url));

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? Number.NaN;
}

/** Replaces (or appends) the `## title` section of bench/README.md, leaving the other sections alone. */
export async function writeSection(title: string, body: string): Promise<void> {
  const current = existsSync(readme) ? await readFile(readme, 'utf8') : '# Benchmarks\n';
  const heading = `## ${title}`;
  const start = current.indexOf(heading);
  const section = `${heading}\n\n${body.trim()}\n`;
  if (start === -1) {
    await writeFile(readme, `${current.trimEnd()}\n\n${section}`);
    return;
  }
  const next = current.indexOf('\n## ', start + heading.length);
  const rest = next === -1 ? '' : current.slice(next);
  await writeFile(readme, `${current.slice(0, start)}${section}${rest}`);
}
