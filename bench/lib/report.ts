import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const readme = fileURLToPath(new URL('../README.md', import.meta.url));

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? Number.NaN;
}

/** Where a section's hand-written part starts: what was measured by hand and why, which a new run keeps. */
const NOTES_HEADING = '### Notes';

/**
 * Replaces (or appends) the `## title` section of bench/README.md, leaving the other sections alone. The section's
 * `### Notes` part, if it has one, stays below the new body.
 */
export async function writeSection(title: string, body: string): Promise<void> {
  const current = existsSync(readme) ? await readFile(readme, 'utf8') : '# Benchmarks\n';
  await writeFile(readme, withSection(current, title, body));
}

export function withSection(current: string, title: string, body: string): string {
  const heading = `## ${title}`;
  const start = current.indexOf(heading);
  const section = `${heading}\n\n${body.trim()}\n`;
  if (start === -1) return `${current.trimEnd()}\n\n${section}`;
  const next = current.indexOf('\n## ', start + heading.length);
  const end = next === -1 ? current.length : next;
  const notesAt = current.indexOf(`\n${NOTES_HEADING}\n`, start);
  const notes = notesAt !== -1 && notesAt < end ? `\n${current.slice(notesAt + 1, end).trim()}\n` : '';
  return `${current.slice(0, start)}${section}${notes}${current.slice(end)}`;
}
