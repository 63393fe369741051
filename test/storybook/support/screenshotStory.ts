import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP } from './newStorybookContext.js';
import type { StorySettings } from './readStorySettings.js';
import { recordPageProblems } from './recordPageProblems.js';
import { storyFinished } from './storyFinished.js';

/** How long a story may take to render, play and pass its checks. */
const FINISH_TIMEOUT_MS = 30_000;

/** A theme of the preview's toolbar (`globals.theme`). */
export type Theme = 'light' | 'dark';

/**
 * A page of the built Storybook's preview in one theme, that shows one story after another as
 * Storybook's own UI does (the preview's `setCurrentStory`): the preview loads once, not once a
 * story.
 */
export interface StoryPage {
  page: Page;
  theme: Theme;
  /** The story the preview opened with (it renders it without being asked). */
  firstStory: string;
  problems: { list(): string[] };
}

/**
 * Opens the preview in a theme, starting with `firstStory`. Axe is left to the story tests and
 * the Docs-page test (`globals.a11y.manual`): a picture needs none.
 */
export async function openStoryPage(
  context: BrowserContext,
  origin: string,
  theme: Theme,
  firstStory: string,
): Promise<StoryPage> {
  const page = await context.newPage();
  const problems = recordPageProblems(page);
  const globals = `theme:${theme};a11y.manual:!true`;
  await page.goto(`${origin}/iframe.html?id=${firstStory}&viewMode=story&globals=${globals}`);
  return { page, theme, firstStory, problems };
}

/**
 * The state the story's canvas promises and the one its component root shows (run in the
 * page). `undefined` entries when there is no canvas or no root.
 */
function readStoryState() {
  const canvas = document.querySelector<HTMLElement>('#storybook-root .sb-lir-canvas');
  const root = canvas?.querySelector('.lir-root[data-state]');
  const state = root?.getAttribute('data-state') ?? undefined;
  return {
    promised: canvas?.dataset.storyState,
    // The empty stand-in that holds the component's place while its code or texts load already
    // carries the state it will show first: it is not the component showing it yet.
    actual:
      root && state !== undefined && root.childElementCount === 0
        ? `${state} (still loading: its stand-in)`
        : state,
  };
}

/** Asks the preview for another story, its randomness started afresh from its id (run in the page). */
function selectStory(storyId: string): void {
  const w = window as unknown as {
    __lirStoriesFinished: Record<string, unknown>;
    __lirSeedRandom?: (id: string) => void;
    __STORYBOOK_ADDONS_CHANNEL__: { emit(event: string, payload: unknown): void };
  };
  delete w.__lirStoriesFinished[storyId];
  w.__lirSeedRandom?.(storyId);
  w.__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId, viewMode: 'story' });
}

/** Waits for every image and font of the page, and for its frames (a hosted page) to load. */
async function settle(page: Page): Promise<void> {
  await Promise.all(
    page.frames().map(async (frame) => {
      await frame.waitForLoadState('load');
      await frame.evaluate(async () => {
        await Promise.all(
          [...document.images].map((img) =>
            img.complete
              ? undefined
              : new Promise((done) => {
                  img.addEventListener('load', done, { once: true });
                  img.addEventListener('error', done, { once: true });
                }),
          ),
        );
        await document.fonts.ready;
      });
    }),
  );
}

/**
 * Hides focus rings in the pictures. Whether a component's own focus (the heading of a flow's
 * new step, a button kept or dropped while disabled) shows a ring depends on timing and on
 * what the page focused before, not on the story; the story tests check where focus goes.
 */
const NO_FOCUS_RING = ':focus-visible, :has(:focus-visible) { outline: none !important; }';

/** A viewport's size. */
type Size = { width: number; height: number };

/** Resizes the viewport, unless it has that size already. */
async function resize(page: Page, size: Size): Promise<void> {
  const current = page.viewportSize();
  if (current?.width === size.width && current.height === size.height) return;
  await page.setViewportSize(size);
}

/**
 * Makes the viewport as tall as the story, keeping its width (and so its layout): Chromium's
 * pictures of what lies beyond the viewport sometimes repeat a part of it.
 */
async function fitStoryInViewport(page: Page, viewport: Size): Promise<void> {
  const bottom = await page
    .locator('#storybook-root')
    .evaluate((root) => Math.ceil(root.getBoundingClientRect().bottom + window.scrollY));
  await resize(page, { width: viewport.width, height: Math.max(viewport.height, bottom) });
}

/** Most pictures a story gets to come out the same twice in a row. */
const MAX_TAKES = 6;

/**
 * Takes pictures until two in a row are the same, and returns that one: right after the
 * viewport changes size, Chromium may still paint tiles of the old size.
 */
async function stablePicture(take: () => Promise<Buffer>): Promise<Buffer> {
  let last = await take();
  for (let i = 1; i < MAX_TAKES; i++) {
    const next = await take();
    if (next.equals(last)) return next;
    last = next;
  }
  throw new Error(`its picture did not come out the same twice in ${MAX_TAKES} takes`);
}

/** A story's picture, and what kept the story from its promised state (if anything did). */
export interface StoryPicture {
  /** `undefined` when no picture could be taken. */
  png: Buffer | undefined;
  /** `undefined` when the story rendered, played and reached its promised state. */
  problem: string | undefined;
}

/**
 * What keeps the story from being pictured as it promises: it did not finish rendering and
 * playing, finished with an error, is not in its promised state, or the page threw or left a
 * request unanswered. `undefined` when nothing did.
 */
async function storyProblem(
  storyPage: StoryPage,
  storyId: string,
  earlierProblems: number,
): Promise<string | undefined> {
  const { page, problems } = storyPage;
  const finished = await storyFinished(page, storyId, FINISH_TIMEOUT_MS).catch(() => undefined);
  if (!finished) return `did not finish rendering and playing in ${FINISH_TIMEOUT_MS / 1000} s`;
  if (finished.status !== 'success') {
    const checks = finished.failed.length ? ` (failed: ${finished.failed.join(', ')})` : '';
    return `finished with ${finished.status}${checks}`;
  }
  const { promised, actual } = await page.evaluate(readStoryState);
  if (promised === undefined) return 'promises no state (parameters.lir.state)';
  if (actual !== promised) return `promised "${promised}", shows "${actual ?? 'no root'}"`;
  const found = problems.list().slice(earlierProblems);
  return found.length > 0 ? found.join('; ') : undefined;
}

/**
 * Shows a story in the page (in its viewport), waits until it has rendered and played and
 * passed the preview's checks (Storybook's `storyFinished`, after the promised-state check) and
 * its component root shows the promised state, then takes its picture: the story root, or the
 * viewport when a dialog (a portal) is open. A story that does not get there is pictured as it
 * is (to see what it shows instead), with the problem.
 */
export async function screenshotStory(
  storyPage: StoryPage,
  story: StorySettings,
): Promise<StoryPicture> {
  const { page, problems } = storyPage;
  const before = problems.list().length;
  const viewport = story.viewport ?? DESKTOP;
  await resize(page, viewport);
  if (story.id !== storyPage.firstStory) await page.evaluate(selectStory, story.id);
  const problem = await storyProblem(storyPage, story.id, before);
  const options = {
    animations: 'disabled',
    caret: 'hide',
    scale: 'css',
    style: NO_FOCUS_RING,
  } as const;
  try {
    await settle(page);
    if ((await page.locator('[role="dialog"]').count()) > 0) {
      return { png: await stablePicture(() => page.screenshot(options)), problem };
    }
    await fitStoryInViewport(page, viewport);
    const root = page.locator('#storybook-root');
    return { png: await stablePicture(() => root.screenshot(options)), problem };
  } catch (error) {
    const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    return { png: undefined, problem: problem ?? message };
  }
}
