import { createRequire } from 'node:module';
import type { Frame } from 'playwright-core';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * Runs axe-core in a frame of Storybook's preview (a Docs page, or a story's own iframe), as
 * Storybook's accessibility addon runs it on a story: on each story canvas (`.sb-lir-canvas`) on
 * its own, then on the rest of the page around them (the Docs page's text, its code blocks, its
 * tables). Returns the violations, one readable line each: where, rule, impact, what it means,
 * and the first few elements.
 *
 * A part is checked, not a whole document, as in the addon: so axe's rules about a whole page
 * (one `main` landmark, one `h1`) do not apply, nor does `region` (content outside landmarks);
 * and the same component shown twice on one page does not count as two landmarks of one name.
 */
export async function axeViolations(frame: Frame): Promise<string[]> {
  const loaded = await frame.evaluate(() => 'axe' in window);
  if (!loaded) await frame.addScriptTag({ path: AXE_PATH });
  return frame.evaluate(async () => {
    interface Violation {
      id: string;
      impact: string | null;
      help: string;
      nodes: Array<{ target: unknown; failureSummary?: string }>;
    }
    type Run = (context: unknown, options: unknown) => Promise<{ violations: Violation[] }>;
    const axe = (window as unknown as { axe: { run: Run } }).axe;
    // Storybook's accessibility addon runs axe in the same page when a story renders, and axe
    // refuses a second run meanwhile: wait for the addon's run to end, then run again.
    const run: Run = async (context, runOptions) => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await axe.run(context, runOptions);
        } catch (error) {
          const busy = String((error as Error)?.message).includes('Axe is already running');
          if (!busy || attempt >= 100) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    };
    const options = { iframes: false, rules: { region: { enabled: false } } };
    const shown = 4;
    const describe = (where: string, v: Violation) => {
      const nodes = v.nodes
        .slice(0, shown)
        .map(
          (n) =>
            `    ${JSON.stringify(n.target)}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`,
        );
      if (v.nodes.length > shown) nodes.push(`    … and ${v.nodes.length - shown} more`);
      return `${where}: ${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n${nodes.join('\n')}`;
    };
    const params = new URLSearchParams(location.search);
    const frameStory = params.get('viewMode') === 'story' ? params.get('id') : null;
    const found: string[] = [];
    for (const canvas of document.querySelectorAll<HTMLElement>('.sb-lir-canvas')) {
      const block = canvas.closest('[data-story-block]');
      const story = block?.id.replace(/^story--/, '') ?? frameStory ?? 'a canvas';
      const result = await run(canvas, options);
      found.push(...result.violations.map((v) => describe(`example ${story}`, v)));
    }
    const around = { include: [['body']], exclude: [['.sb-lir-canvas']] };
    const result = await run(around, options);
    found.push(...result.violations.map((v) => describe('the page around the examples', v)));
    return found;
  });
}
