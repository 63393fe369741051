import type { Browser, BrowserContext } from 'playwright-core';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../chromium.js';

/**
 * The time every page sees: 2:30 pm in New York. `Date` stands still at it while timers run as
 * usual (Playwright's `setFixedTime`), so dates, countdowns and "time left" read the same in
 * every run. The stories' sandboxes follow `Date.now()` and reach their states by jumping ahead
 * (`sandbox.advance`), which a fixed `Date` does not stop; a fake clock (`clock.install`) would
 * hold their timers back.
 */
export const FIXED_TIME = new Date('2026-03-10T14:30:00-04:00');

/** The time zone and locale every page runs in. */
export const TIMEZONE = 'America/New_York';
export const LOCALE = 'en-US';

/** The viewport of every story (but those that set their own, such as a phone's) and Docs page. */
export const DESKTOP = { width: 1024, height: 768 };

/** Starts headless Chromium (Debian's, or `CHROMIUM_PATH`). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/**
 * Makes the page's randomness repeatable: `crypto.getRandomValues` and `Math.random` draw from
 * one seeded generator, so the sandbox's ids (and the policy numbers derived from them) are the
 * same in every run. The seed is the story or Docs page the URL names, with the URL's globals
 * (two pages showing one story in two themes must not make the same ids: a hosted page is
 * answered by whichever page knows its id); `__lirSeedRandom(id)` starts the sequence again for
 * another story shown in the same page. `crypto.randomUUID` is left alone. Runs in the page.
 */
function seedRandomness(): void {
  let state = 0;
  // FNV-1a of the id, then mulberry32.
  const seed = (id: string) => {
    let h = 0x811c9dc5;
    for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
    state = h >>> 0;
  };
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const fill = <T extends ArrayBufferView | null>(array: T): T => {
    if (array) {
      const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
      for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(next() * 256);
    }
    return array;
  };
  const params = new URLSearchParams(location.search);
  const reseed = (id: string) => seed(`${params.get('globals') ?? ''}|${id}`);
  reseed(params.get('id') ?? '');
  Math.random = next;
  Object.defineProperty(crypto, 'getRandomValues', { value: fill, configurable: true });
  Object.defineProperty(window, '__lirSeedRandom', { value: reseed });
}

/** Options of {@link newStorybookContext}. */
export interface StorybookContextOptions {
  /** Default {@link DESKTOP}. */
  viewport?: { width: number; height: number };
  /**
   * `true` for pictures: `Date` fixed at {@link FIXED_TIME} and repeatable randomness. `false`
   * (default) for checks: the real time and real randomness, as a designer's browser has them.
   */
  repeatable?: boolean;
}

/**
 * A browser context as the Docs-page test, the visual regression and the screenshots see
 * Storybook: New York time, US English, reduced motion, light system colours; for pictures,
 * also a fixed time and repeatable randomness.
 */
export async function newStorybookContext(
  browser: Browser,
  { viewport = DESKTOP, repeatable = false }: StorybookContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport,
    timezoneId: TIMEZONE,
    locale: LOCALE,
    reducedMotion: 'reduce',
    colorScheme: 'light',
  });
  // tsx compiles with esbuild's `keepNames`, which wraps the named functions inside the ones
  // this code hands to the page in a `__name(…)` helper that exists only in Node.
  await context.addInitScript('globalThis.__name ??= (target) => target;');
  if (repeatable) {
    await context.clock.setFixedTime(FIXED_TIME);
    await context.addInitScript(seedRandomness);
  }
  return context;
}
