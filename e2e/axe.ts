import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let axeSource: string | undefined;

/** axe-core run inside the page; answers the serious and critical violations, described. */
export async function seriousViolations(target: Page): Promise<string[]> {
  // The app's CSP (script-src 'self') refuses an injected <script> (page.addScriptTag); evaluating the source
  // through the DevTools protocol is not subject to it, and leaves the page's policy as users get it.
  axeSource ??= await readFile(AXE_SOURCE, 'utf8');
  await target.evaluate(axeSource);
  const violations = await target.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      targets: violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`),
    }));
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} — ${violation.targets.join(', ')}`,
    );
}
