/** axe-core, run in a page or a frame of the browser under test. */
import { readFileSync } from 'node:fs';
import type { Frame, Page } from 'playwright-core';

const AXE = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');

/**
 * axe-core's violations in `target`'s document, shadow roots included (evaluated outside the
 * page's CSP). Frames inside it are left out: run it on each frame of interest.
 */
export async function violations(target: Page | Frame): Promise<string[]> {
  await target.evaluate(AXE);
  return target.evaluate(async () => {
    type AxeResult = {
      violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
    };
    const axe = (
      window as unknown as {
        axe: { run(context: Document, options: { iframes: boolean }): Promise<AxeResult> };
      }
    ).axe;
    const result = await axe.run(document, { iframes: false });
    return result.violations.map(
      (v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  });
}
