import type { BrowserContext, Page } from 'playwright-core';

/** How a story's render ended, as Storybook's preview announces it (`storyFinished`). */
export interface StoryFinished {
  /** `success`, or `error` when it threw, its play or an `afterEach` failed, or axe found a fault. */
  status: string;
  /** The checks that reported a failure (`a11y`, …). */
  failed: string[];
}

interface Announcement {
  storyId: string;
  status: string;
  reporters?: Array<{ type: string; status: string }>;
}

/**
 * Runs in the page before Storybook: listens on the preview's channel, the moment Storybook
 * sets it, for `storyFinished`, which the preview emits once a story has rendered, played and
 * run its `afterEach` checks, and keeps each story's outcome in `window.__lirStoriesFinished`.
 */
function listenForFinishedStories(): void {
  const finished: Record<string, StoryFinished> = {};
  Object.defineProperty(window, '__lirStoriesFinished', { value: finished });
  let channel: unknown;
  Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
    configurable: true,
    get: () => channel,
    set(value: { on(event: string, listener: (a: Announcement) => void): void }) {
      channel = value;
      value.on('storyFinished', ({ storyId, status, reporters = [] }) => {
        finished[storyId] = {
          status,
          failed: reporters.filter((r) => r.status === 'failed').map((r) => r.type),
        };
      });
    },
  });
}

/** Makes every page of the context record how its stories finish (see {@link storyFinished}). */
export async function recordFinishedStories(context: BrowserContext): Promise<void> {
  await context.addInitScript(listenForFinishedStories);
}

/**
 * Waits until the page's story has finished (rendered, played, checked) and says how; throws
 * when it has not after `timeoutMs`.
 */
export async function storyFinished(
  page: Page,
  storyId: string,
  timeoutMs: number,
): Promise<StoryFinished> {
  const handle = await page.waitForFunction(
    (id) =>
      (window as unknown as { __lirStoriesFinished?: Record<string, unknown> })
        .__lirStoriesFinished?.[id],
    storyId,
    { timeout: timeoutMs, polling: 100 },
  );
  return (await handle.jsonValue()) as StoryFinished;
}
