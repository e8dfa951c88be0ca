import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** One line per failing rule: what, how bad, where (first few targets). */
export type AxeFinding = { id: string; impact: string; help: string; targets: string[] };

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core in the page and answers its serious and critical violations. The source is evaluated through the
 * DevTools protocol, so the page's Content-Security-Policy (no inline or foreign scripts) does not get in the way.
 */
export async function findSeriousViolations(page: Page): Promise<AxeFinding[]> {
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = Reflect.get(window, 'axe') as {
      run: (
        context: Document,
        options: object,
      ) => Promise<{
        violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
      }>;
    };
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => n.target.map(String).join(' ')),
      }));
  });
}
