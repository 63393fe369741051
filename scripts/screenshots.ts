// Screenshots taken in Chromium from the BUILT Storybook (`npm run build-storybook` first;
// `STORYBOOK_STATIC` points at another build), linked from the README:
//
// - docs/screenshots/<Name>.png: each component's main story, once it reached its state;
// - docs/screenshots/docs-<Component>.png: each component's and flow's Docs page, once every
//   example on it reached its state.
//
// Taken as the visual regression takes its pictures (New York time fixed at one moment,
// repeatable ids, no motion), so a picture changes only when what it shows changes.
//
//   npm run screenshots            CHROMIUM_PATH=/path/to/chromium npm run screenshots
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { comparePng } from '../test/storybook/support/comparePng.js';
import {
  launchChromium,
  newStorybookContext,
} from '../test/storybook/support/newStorybookContext.js';
import type { IndexEntry, StorybookBuild } from '../test/storybook/support/readStorybookBuild.js';
import {
  componentName,
  isComponentDocs,
  readStorybookBuild,
  storiesOnDocsPage,
} from '../test/storybook/support/readStorybookBuild.js';
import { recordPageProblems } from '../test/storybook/support/recordPageProblems.js';
import { openStoryPage, screenshotStory } from '../test/storybook/support/screenshotStory.js';
import { recordFinishedStories } from '../test/storybook/support/storyFinished.js';
import {
  describeProblems,
  waitForPromisedStates,
} from '../test/storybook/support/waitForPromisedStates.js';
import { serveStatic } from './support/serveStatic.js';

const root = new URL('../', import.meta.url).pathname;
const outDir = join(root, 'docs/screenshots');

/** The README's picture of each component: its main story. */
const SHOTS = [
  { name: 'TcpaConsentCheckbox', story: 'components-tcpaconsentcheckbox--unchecked' },
  { name: 'ShopProgress', story: 'components-shopprogress--quoting' },
  { name: 'QuoteCards', story: 'components-quotecards--selected' },
  { name: 'CallScheduler', story: 'components-callscheduler--ready' },
  // The dialog is fixed to the viewport: the picture is the viewport, not the story root.
  { name: 'PolicyRetrievalLauncher', story: 'components-policyretrievallauncher--open' },
  { name: 'PolicyDocuments', story: 'components-policydocuments--documents' },
  { name: 'QuoteCards-dark', story: 'components-quotecards--selected-dark' },
];

/** The size of a component's picture. */
const STORY_VIEWPORT = { width: 900, height: 600 };

/** A Docs page is pictured this wide, from its top down to this height at most. */
const DOCS_VIEWPORT = { width: 1200, height: 900 };
const DOCS_MAX_HEIGHT = 2400;

/**
 * A sandbox policy number (`SBX-HO3-0123456`), masked in the Docs-page pictures. It comes from
 * the sandbox's random ids; on a Docs page several stories make theirs at once, in an order that
 * varies from run to run, so repeatable randomness does not make it the same. (A story's own
 * picture has it the same in every run.)
 */
const POLICY_NUMBER = /^SBX-[A-Z0-9]+-\d+$/;
const MASK_COLOR = '#c8ccd0';

/** How long a Docs page may take, in all, to bring every example to its state. */
const DOCS_SETTLE_MS = 30_000;

/**
 * Writes a picture, unless the file already shows the same (no pixel differs beyond
 * pixelmatch's tolerance: Chromium's anti-aliasing may vary by a shade between runs). Says
 * whether it wrote.
 */
async function writePicture(file: string, png: Buffer): Promise<'written' | 'unchanged'> {
  const before = await readFile(file).catch(() => undefined);
  if (before && comparePng(before, png).differing === 0) return 'unchanged';
  await writeFile(file, png);
  return 'written';
}

/** Writes the picture of each component's main story; returns how many failed. */
async function storyShots(context: BrowserContext, origin: string): Promise<number> {
  let failed = 0;
  for (const shot of SHOTS) {
    const started = Date.now();
    const storyPage = await openStoryPage(context, origin, 'light', shot.story);
    try {
      const story = { id: shot.story, viewport: STORY_VIEWPORT, theme: undefined };
      const { png, problem } = await screenshotStory(storyPage, story);
      if (problem || !png) throw new Error(problem ?? 'no picture');
      const written = await writePicture(join(outDir, `${shot.name}.png`), png);
      const took = `${Date.now() - started} ms`;
      console.log(`${shot.name}: docs/screenshots/${shot.name}.png ${written} (${took})`);
    } catch (error) {
      failed++;
      console.error(`${shot.name}: ${error instanceof Error ? error.message : error}`);
    } finally {
      await storyPage.page.close();
    }
  }
  return failed;
}

/** Writes the picture of one Docs page; throws when an example did not reach its state. */
async function docsShot(
  context: BrowserContext,
  origin: string,
  build: StorybookBuild,
  docs: IndexEntry,
): Promise<string> {
  const page = await context.newPage();
  try {
    await page.setViewportSize(DOCS_VIEWPORT);
    const problems = recordPageProblems(page);
    await page.goto(`${origin}/iframe.html?id=${docs.id}&viewMode=docs`);
    const expected = storiesOnDocsPage(build, docs).map((s) => s.id);
    const found = [
      ...describeProblems(await waitForPromisedStates(page, expected, DOCS_SETTLE_MS)),
      ...problems.list(),
    ];
    if (found.length > 0) throw new Error(found.join('\n  '));
    await page.evaluate(() => document.fonts.ready);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const file = `docs/screenshots/docs-${componentName(docs.title)}.png`;
    const png = await page.screenshot({
      fullPage: true,
      clip: { x: 0, y: 0, width: DOCS_VIEWPORT.width, height: Math.min(height, DOCS_MAX_HEIGHT) },
      animations: 'disabled',
      caret: 'hide',
      mask: page.frames().map((frame) => frame.getByText(POLICY_NUMBER)),
      maskColor: MASK_COLOR,
    });
    return `${file} ${await writePicture(join(root, file), png)}`;
  } finally {
    await page.close();
  }
}

/** Writes the picture of every component's and flow's Docs page; returns how many failed. */
async function docsShots(
  context: BrowserContext,
  origin: string,
  build: StorybookBuild,
): Promise<number> {
  let failed = 0;
  for (const docs of build.entries.filter(isComponentDocs)) {
    const started = Date.now();
    try {
      const file = await docsShot(context, origin, build, docs);
      console.log(`${docs.title} Docs page: ${file} (${Date.now() - started} ms)`);
    } catch (error) {
      failed++;
      console.error(`${docs.title} Docs page: ${error instanceof Error ? error.message : error}`);
    }
  }
  return failed;
}

const build = await readStorybookBuild().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
const ids = new Set(build.entries.map((e) => e.id));
const missing = SHOTS.filter((s) => !ids.has(s.story));
if (missing.length > 0) {
  console.error(`Stories not in the build: ${missing.map((s) => s.story).join(', ')}`);
  process.exit(1);
}

await mkdir(outDir, { recursive: true });
const server = await serveStatic(build.dir);
const browser = await launchChromium();
let failed = 0;
try {
  const context = await newStorybookContext(browser, { repeatable: true });
  await recordFinishedStories(context);
  failed += await storyShots(context, server.origin);
  failed += await docsShots(context, server.origin, build);
} finally {
  await browser.close();
  await server.close();
}
process.exit(failed ? 1 : 0);
