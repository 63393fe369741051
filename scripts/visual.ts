// Visual regression of every story of the BUILT Storybook (`npm run build-storybook` first;
// `STORYBOOK_STATIC` points at another build), in the light and the dark theme, in Chromium:
// each picture is compared, pixel by pixel, with its baseline in test/visual/baselines/.
//
//   npm run test:visual                  compare; exit 1 on any change or missing baseline
//   npm run test:visual -- --update      rewrite the baselines that changed (npm run visual:update)
//   npm run test:visual -- --only quotecards     only the stories whose id contains the text
//
// A changed story leaves test/visual/diff/<story>--<theme>.diff.png (the baseline in grey, the
// changed pixels in red) and .actual.png (the new picture). A deliberate visual change commits
// its new baselines with it.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { comparePng, MAX_DIFF_RATIO } from '../test/storybook/support/comparePng.js';
import {
  launchChromium,
  newStorybookContext,
} from '../test/storybook/support/newStorybookContext.js';
import { readStorybookBuild, storiesOf } from '../test/storybook/support/readStorybookBuild.js';
import type { StorySettings } from '../test/storybook/support/readStorySettings.js';
import { readStorySettings } from '../test/storybook/support/readStorySettings.js';
import type { StoryPage, StoryPicture, Theme } from '../test/storybook/support/screenshotStory.js';
import { openStoryPage, screenshotStory } from '../test/storybook/support/screenshotStory.js';
import { recordFinishedStories } from '../test/storybook/support/storyFinished.js';
import { serveStatic } from './support/serveStatic.js';

const root = new URL('../', import.meta.url).pathname;
const baselineDir = join(root, 'test/visual/baselines');
const diffDir = join(root, 'test/visual/diff');

const args = process.argv.slice(2);
const update = args.includes('--update');
const onlyIndex = args.indexOf('--only');
const only = onlyIndex >= 0 ? args[onlyIndex + 1] : undefined;

/** One picture to take: a story in a theme. */
interface Job {
  story: StorySettings;
  theme: Theme;
  /** `<story id>--<theme>`: the name of its baseline. */
  name: string;
}

/** How one picture came out. */
interface Outcome {
  name: string;
  result: 'same' | 'changed' | 'no baseline' | 'no story' | 'failed' | 'written' | 'kept';
  detail: string;
}

/**
 * Writes the picture as the job's baseline (`--update`), or compares it with the baseline;
 * leaves the picture and its difference in test/visual/diff/ when it is not the same.
 */
async function compareOrWrite(job: Job, picture: StoryPicture): Promise<Outcome> {
  const { png, problem } = picture;
  const baselineFile = join(baselineDir, `${job.name}.png`);
  const baseline = await readFile(baselineFile).catch(() => undefined);
  const comparison = png && baseline ? comparePng(baseline, png) : undefined;
  if (update && png && !problem) {
    // A baseline the picture still matches stays as it is: an update rewrites only what changed.
    const same = comparison && !comparison.sizeChange && comparison.ratio <= MAX_DIFF_RATIO;
    if (same) return { name: job.name, result: 'kept', detail: '' };
    await writeFile(baselineFile, png);
    return { name: job.name, result: 'written', detail: '' };
  }
  const changes = comparison?.sizeChange
    ? `size ${comparison.sizeChange}`
    : comparison
      ? `${(comparison.ratio * 100).toFixed(3)} % of pixels differ`
      : '';
  const outcome: Outcome = problem
    ? {
        name: job.name,
        result: 'failed',
        detail: changes ? `${problem}; picture: ${changes}` : problem,
      }
    : !comparison
      ? { name: job.name, result: 'no baseline', detail: 'run with --update' }
      : comparison.ratio > MAX_DIFF_RATIO
        ? { name: job.name, result: 'changed', detail: changes }
        : { name: job.name, result: 'same', detail: comparison.differing ? changes : '' };
  if (outcome.result !== 'same') {
    // What the story shows now, and where it differs from its baseline.
    if (png) await writeFile(join(diffDir, `${job.name}.actual.png`), png);
    if (comparison?.diff) await writeFile(join(diffDir, `${job.name}.diff.png`), comparison.diff);
  }
  return outcome;
}

/**
 * Takes the pictures of one theme's jobs, in order, in one page of the preview, in a browser
 * context of its own (its own service worker: a hosted page is answered only by the sandboxes
 * of its own page). After a story fails the page is opened afresh, so that nothing it left
 * behind touches the next.
 */
async function runLane(browser: Browser, origin: string, jobs: readonly Job[]) {
  const context = await newStorybookContext(browser, { repeatable: true });
  await recordFinishedStories(context);
  const outcomes: Outcome[] = [];
  let storyPage: StoryPage | undefined;
  for (const job of jobs) {
    storyPage ??= await openStoryPage(context, origin, job.theme, job.story.id);
    const picture = await screenshotStory(storyPage, job.story);
    outcomes.push(await compareOrWrite(job, picture));
    if (picture.problem) {
      await storyPage.page.close();
      storyPage = undefined;
    }
  }
  await context.close();
  return outcomes;
}

/** Prints rows as a table with aligned columns, under a header. */
function printTable(header: readonly string[], rows: readonly (readonly string[])[]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  console.log(`\n${line(header)}\n${line(widths.map((w) => '-'.repeat(w)))}`);
  for (const row of rows) console.log(line(row));
}

/** The outcomes by story file (`components-quotecards`), with how many came out how. */
function printSummary(outcomes: readonly Outcome[]): void {
  const results: Outcome['result'][] = update
    ? ['kept', 'written', 'failed']
    : ['same', 'changed', 'no baseline', 'no story', 'failed'];
  const groups = new Map<string, Outcome[]>();
  for (const o of outcomes) {
    const group = o.name.split('--')[0] ?? o.name;
    groups.set(group, [...(groups.get(group) ?? []), o]);
  }
  const rows = [...groups, ['total', outcomes] as const].map(([group, list]) => [
    group,
    String(list.length),
    ...results.map((r) => String(list.filter((o) => o.result === r).length)),
  ]);
  printTable(['stories', 'pictures', ...results], rows);
}

const started = Date.now();
const build = await readStorybookBuild().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
const stories = storiesOf(build).filter((s) => !only || s.id.includes(only));
if (stories.length === 0) {
  console.error(only ? `No story id contains "${only}".` : 'The build has no stories.');
  process.exit(1);
}

await mkdir(baselineDir, { recursive: true });
await rm(diffDir, { recursive: true, force: true });
await mkdir(diffDir, { recursive: true });

const server = await serveStatic(build.dir);
const browser = await launchChromium();
let outcomes: Outcome[] = [];
try {
  const context = await newStorybookContext(browser, { repeatable: true });
  const reader = await context.newPage();
  await reader.goto(`${server.origin}/iframe.html?id=${stories[0]?.id}&viewMode=story`);
  const settings = await readStorySettings(
    reader,
    stories.map((s) => s.id),
  );
  await context.close();
  // A story that pins its theme looks the same under either toolbar theme: one picture.
  const jobs = settings.flatMap((story) => {
    const pinned = story.theme === 'light' || story.theme === 'dark' ? story.theme : undefined;
    const themes: Theme[] = pinned ? [pinned] : ['light', 'dark'];
    return themes.map((theme): Job => ({ story, theme, name: `${story.id}--${theme}` }));
  });
  console.log(
    `${update ? 'Writing baselines of' : 'Comparing'} ${jobs.length} pictures of ${stories.length} stories (${build.dir})`,
  );
  // One lane a theme, side by side: two pages at once.
  const lanes = (['light', 'dark'] as const).map((theme) => jobs.filter((j) => j.theme === theme));
  const byName = new Map(
    (await Promise.all(lanes.map((lane) => runLane(browser, server.origin, lane))))
      .flat()
      .map((o) => [o.name, o]),
  );
  outcomes = jobs.map((j) => byName.get(j.name) as Outcome);
  if (!only) {
    // A baseline whose story is gone: removed by --update, a failure otherwise.
    const kept = new Set(jobs.map((j) => `${j.name}.png`));
    const stale = (await readdir(baselineDir)).filter((f) => f.endsWith('.png') && !kept.has(f));
    for (const file of stale) {
      if (update) {
        await rm(join(baselineDir, file));
        console.log(`removed the baseline of a story that is gone: ${file}`);
      } else {
        const detail = 'a baseline whose story is not in the build: run with --update';
        outcomes.push({ name: file.replace(/\.png$/, ''), result: 'no story', detail });
      }
    }
  }
} finally {
  await browser.close();
  await server.close();
}

const bad = outcomes.filter((o) => !['same', 'written', 'kept'].includes(o.result));
if (bad.length > 0) {
  printTable(
    ['picture', 'result', 'detail'],
    bad.map((o) => [o.name, o.result, o.detail]),
  );
}
printSummary(outcomes);
const seconds = ((Date.now() - started) / 1000).toFixed(0);
console.log(`\n${outcomes.length} pictures in ${seconds} s`);
if ((await readdir(diffDir)).length > 0) console.log(`Pictures of the changes: ${diffDir}`);
process.exit(bad.length > 0 ? 1 : 0);
