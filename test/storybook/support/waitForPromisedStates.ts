import type { Frame, Page } from 'playwright-core';

/**
 * One story canvas on a page: the preview's wrapper `.sb-lir-canvas`, which carries the state
 * its story promises (`data-story-state`), and the `data-state` its component's root (the first
 * `.lir-root[data-state]` in it) shows.
 */
export interface StoryCanvas {
  storyId: string;
  /** `undefined` when the story promises nothing. */
  promised: string | undefined;
  /** `undefined` when there is no component root in the canvas (yet). */
  actual: string | undefined;
}

/** A story the page shows an error for instead of the story (a loader or render threw). */
export interface StoryError {
  storyId: string;
  message: string;
}

/** What one frame shows: its canvases and the errors its story blocks show. */
interface FrameReading {
  canvases: StoryCanvas[];
  errors: StoryError[];
}

/**
 * Runs in a frame: its canvases, each with the story it belongs to (on a Docs page the story
 * block around it, `#story--<id>` or `#story--<id>--primary`; in a story's own iframe the `id`
 * of its URL), and the errors shown in place of stories.
 */
function readFrame(): FrameReading {
  const params = new URLSearchParams(location.search);
  const frameStory = params.get('viewMode') === 'story' ? params.get('id') : null;
  const blockStory = (element: Element) => {
    const block = element.closest('[data-story-block]');
    return block ? block.id.replace(/^story--/, '').replace(/--primary$/, '') : undefined;
  };
  // The empty stand-in that holds a component's place while its code or texts load already
  // carries the state it will show first: it is not the component showing it yet.
  const shown = (c: Element) => {
    const root = c.querySelector('.lir-root[data-state]');
    if (!root) return undefined;
    const state = root.getAttribute('data-state') ?? '';
    return root.childElementCount > 0 ? state : `${state} (still loading: its stand-in)`;
  };
  const canvases = [...document.querySelectorAll<HTMLElement>('.sb-lir-canvas')].map((c) => ({
    storyId: blockStory(c) ?? frameStory ?? '(a canvas outside any story)',
    promised: c.dataset.storyState,
    actual: shown(c),
  }));
  // The message without its stack: Storybook prints both in one block.
  const firstLine = (text: string | null | undefined) =>
    (text ?? '')
      .trim()
      .split(/\n|\s+at\s/)[0]
      ?.slice(0, 200) ?? '';
  const errors = [...document.querySelectorAll('[data-story-block] > pre')].map((pre) => ({
    storyId: blockStory(pre) ?? '(unknown)',
    message: firstLine(pre.textContent),
  }));
  if (frameStory && document.body.classList.contains('sb-show-errordisplay')) {
    const message = document.querySelector('#error-message')?.textContent;
    errors.push({ storyId: frameStory, message: firstLine(message) || 'error' });
  }
  return { canvases, errors };
}

/** Every frame of the page that is Storybook's preview: the Docs page and its story iframes. */
export function previewFrames(page: Page): Frame[] {
  return page
    .frames()
    .filter((frame) => /^https?:\/\/[^?#]*\/iframe\.html(\?|$)/.test(frame.url()));
}

/**
 * Lets every story iframe on the page load now: Storybook marks them `loading="lazy"`, and a
 * headless browser never scrolls to the ones below the fold.
 */
async function loadLazyStoryFrames(page: Page): Promise<void> {
  await page.mainFrame().evaluate(() => {
    for (const frame of document.querySelectorAll<HTMLIFrameElement>('iframe[id^="iframe--"]')) {
      if (frame.loading === 'lazy') frame.loading = 'eager';
    }
  });
}

/** The canvases and story errors of every preview frame on the page. */
export async function readCanvases(page: Page): Promise<FrameReading> {
  const readings = await Promise.all(
    previewFrames(page).map((frame) =>
      frame.evaluate(readFrame).catch((): FrameReading => ({ canvases: [], errors: [] })),
    ),
  );
  return {
    canvases: readings.flatMap((r) => r.canvases),
    errors: readings.flatMap((r) => r.errors),
  };
}

/** Where a Docs page got to: its canvases, the expected stories without one, the errors shown. */
export interface DocsPageReading extends FrameReading {
  /** Expected stories with no canvas on the page. */
  missing: string[];
  /** Canvases that promise nothing or are not (yet) in their promised state. */
  unsettled: StoryCanvas[];
}

function assess(reading: FrameReading, expected: readonly string[]): DocsPageReading {
  // A story that shows an error has no canvas: reported once, as the error.
  const shown = new Set([...reading.canvases, ...reading.errors].map((c) => c.storyId));
  return {
    ...reading,
    missing: expected.filter((id) => !shown.has(id)),
    unsettled: reading.canvases.filter((c) => c.promised === undefined || c.actual !== c.promised),
  };
}

/**
 * Waits (at most `timeoutMs` in all) until every expected story has a canvas on the page and
 * every canvas's component root shows the state its story promises. Returns the last reading,
 * settled or not: the caller reports what is missing or unsettled.
 */
export async function waitForPromisedStates(
  page: Page,
  expected: readonly string[],
  timeoutMs: number,
): Promise<DocsPageReading> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await loadLazyStoryFrames(page).catch(() => undefined);
    const reading = assess(await readCanvases(page), expected);
    const settled =
      reading.canvases.length > 0 &&
      reading.missing.length === 0 &&
      reading.unsettled.length === 0 &&
      reading.errors.length === 0;
    if (settled || Date.now() >= deadline) return reading;
    await new Promise((done) => setTimeout(done, 250));
  }
}

/** A reading, one line per problem: what each story promised and what it shows. */
export function describeProblems(reading: DocsPageReading): string[] {
  return [
    ...reading.missing.map((id) => `${id}: no canvas on the page`),
    ...reading.errors.map((e) => `${e.storyId}: shows an error: ${e.message}`),
    ...reading.unsettled.map((c) =>
      c.promised === undefined
        ? `${c.storyId}: its canvas promises no state (parameters.lir.state); shows ${c.actual === undefined ? 'no component root' : `"${c.actual}"`}`
        : `${c.storyId}: promised "${c.promised}", shows ${c.actual === undefined ? 'no component root' : `"${c.actual}"`}`,
    ),
  ];
}
