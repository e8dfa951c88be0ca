import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** One line per failing rule: what, how bad, where (first few targets). */
export type AxeFinding = { id: string; impact: string; help: string; targets: string[] };

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core in the page and answers its serious and critical violations, and text drawn in its background's own
 * colour: axe leaves that undecided (`equalRatio`, in case it is meant to be hidden), but on this store it is always a
 * control whose label cannot be seen. The source is evaluated through the DevTools protocol, so the page's
 * Content-Security-Policy (no inline or foreign scripts) does not get in the way.
 */
export async function findSeriousViolations(page: Page): Promise<AxeFinding[]> {
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = Reflect.get(window, 'axe') as {
      run: (context: Document, options: object) => Promise<Record<'violations' | 'incomplete', AxeResult[]>>;
    };
    type AxeResult = {
      id: string;
      impact: string | null;
      help: string;
      nodes: { target: unknown[]; any: { data?: { messageKey?: string } | null }[] }[];
    };
    const result = await axe.run(document, { resultTypes: ['violations', 'incomplete'] });
    const invisible = result.incomplete
      .filter((r) => r.id === 'color-contrast')
      .map((r) => ({
        ...r,
        nodes: r.nodes.filter((n) => n.any.some((c) => c.data?.messageKey === 'equalRatio')),
      }))
      .filter((r) => r.nodes.length > 0);
    return [
      ...result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
      ...invisible,
    ].map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.map(String).join(' ')),
    }));
  });
}
