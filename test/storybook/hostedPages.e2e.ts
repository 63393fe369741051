import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StaticServer } from '../../scripts/support/serveStatic.js';
import { serveStatic } from '../../scripts/support/serveStatic.js';
import { RETRIEVAL_USERS, SANDBOX_CARRIERS, SANDBOX_DEFAULTS } from '../../src/testing/index.js';
import { launchChromium } from './support/newStorybookContext.js';

// The sandbox's hosted pages in the BUILT Storybook, served as any static host serves it: the
// retrieval story's dialog shows the carrier's sign-in page in its frame (a navigation, which
// public/storybookServiceWorker.js answers from the story's sandbox), and a borrower signs in
// there (a form post, a navigation too) until the launcher has the policy.

const STATIC_DIR = resolve(process.env.STORYBOOK_STATIC ?? 'storybook-static');
const OPEN_STORY = 'components-policyretrievallauncher--open';
const DIALOG = 'Share your current insurance policy';
const FRAME_TITLE = 'Sign in to your insurance company';
const WAIT = 30_000;

let server: StaticServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  if (!existsSync(resolve(STATIC_DIR, 'index.json'))) {
    throw new Error(`No built Storybook in ${STATIC_DIR}: run \`npm run build-storybook\` first.`);
  }
  server = await serveStatic(STATIC_DIR);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

beforeEach(async () => {
  // A fresh context each time: no service worker left from another test.
  context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  page = await context.newPage();
});

afterEach(async () => {
  await context.close();
});

/** Opens the story (its play function opens the dialog) and returns the sign-in frame. */
async function openDialog(): Promise<FrameLocator> {
  await page.goto(`${server.origin}/iframe.html?id=${OPEN_STORY}&viewMode=story`);
  const dialog = page.getByRole('dialog', { name: DIALOG });
  await dialog.waitFor({ timeout: WAIT });
  const frame = dialog.locator(`iframe[title="${FRAME_TITLE}"]`);
  await frame.waitFor({ timeout: WAIT });
  return frame.contentFrame();
}

/**
 * What a document (the frame, a tab) shows once loaded: its heading, or its text when it has
 * none (a static host's "Not found").
 */
async function shows(document: FrameLocator | Page): Promise<string> {
  const body = document.locator('body');
  await expect.poll(() => body.innerText(), { timeout: WAIT }).not.toBe('');
  const heading = document.getByRole('heading', { level: 1 });
  return (await heading.count()) > 0 ? heading.innerText() : body.innerText();
}

describe('the sandbox’s hosted pages in the built Storybook', () => {
  it('the retrieval dialog’s frame shows the carrier’s sign-in page', async () => {
    const frame = await openDialog();
    expect(await shows(frame)).toBe(DIALOG);
    await expect
      .poll(() => frame.getByLabel('Insurance carrier').locator('option').allInnerTexts())
      .toEqual(['Choose your carrier', ...SANDBOX_CARRIERS.map((c) => c.name)]);
    await expect(
      frame.getByRole('button', { name: 'Retrieve my policy' }).isVisible(),
    ).resolves.toBe(true);
  });

  it('signing in inside the frame retrieves the policy: the launcher completes', async () => {
    const frame = await openDialog();
    expect(await shows(frame)).toBe(DIALOG);
    await frame.getByLabel('Insurance carrier').selectOption({ index: 1 });
    await frame.getByLabel('Username').fill(RETRIEVAL_USERS[0]);
    await frame.getByLabel('Password').fill(SANDBOX_DEFAULTS.sandboxPassword);
    await frame.getByRole('button', { name: 'Retrieve my policy' }).click();
    await page
      .locator('.lir-PolicyRetrievalLauncher[data-state="completed"]')
      .waitFor({ timeout: WAIT });
    await expect(page.getByRole('status').innerText()).resolves.toContain('Policy received');
    await expect(page.getByRole('dialog', { name: DIALOG }).count()).resolves.toBe(0);
  });

  it('a wrong password shows the sign-in page’s error inside the frame', async () => {
    const frame = await openDialog();
    expect(await shows(frame)).toBe(DIALOG);
    await frame.getByLabel('Insurance carrier').selectOption({ index: 1 });
    await frame.getByLabel('Username').fill(RETRIEVAL_USERS[0]);
    await frame.getByLabel('Password').fill('not the password');
    await frame.getByRole('button', { name: 'Retrieve my policy' }).click();
    await frame.getByRole('alert').waitFor({ timeout: WAIT });
    await expect(frame.getByRole('alert').innerText()).resolves.toBe(
      'We could not sign in to your carrier with that username and password.',
    );
    await expect(
      page.locator('.lir-PolicyRetrievalLauncher').getAttribute('data-state'),
    ).resolves.toBe('open');
  });

  it('the sign-in page’s own requests (a carrier logo) are answered from the sandbox', async () => {
    const frame = await openDialog();
    expect(await shows(frame)).toBe(DIALOG);
    const [carrier] = SANDBOX_CARRIERS;
    const document = page.frames().find((f) => f.url().includes('/sandbox/retrieve/'));
    // An image, as the hosted quote page shows logos (its CSP allows images from its origin).
    const width = await document?.evaluate(async (src) => {
      const logo = new Image();
      logo.src = src;
      await logo.decode().catch(() => undefined);
      return logo.naturalWidth;
    }, `/sandbox/logos/${carrier?.id}.svg`);
    expect(width).toBe(96);
  });

  it('"Open in a new tab" shows the same sign-in page in a tab of its own', async () => {
    await openDialog();
    const link = page.getByRole('link', { name: 'Open in a new tab' });
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    expect(await shows(tab)).toBe(DIALOG);
  });
});
