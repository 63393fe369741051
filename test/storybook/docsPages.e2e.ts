import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaticServer } from '../../scripts/support/serveStatic.js';
import { serveStatic } from '../../scripts/support/serveStatic.js';
import { axeViolations } from './support/axeViolations.js';
import { launchChromium, newStorybookContext } from './support/newStorybookContext.js';
import { rawJsdoc } from './support/rawJsdoc.js';
import {
  isComponentDocs,
  readStorybookBuild,
  storiesOnDocsPage,
} from './support/readStorybookBuild.js';
import { recordPageProblems } from './support/recordPageProblems.js';
import {
  describeProblems,
  previewFrames,
  waitForPromisedStates,
} from './support/waitForPromisedStates.js';

// Every component's and flow's Docs page of the built Storybook, opened in Chromium as a
// designer opens it: each example on it (inline, or in its own iframe) reaches the state its
// story promises, nothing throws, no request goes unanswered, axe finds nothing, and the
// components' JSDoc is rendered, not printed raw.

/** How long a Docs page may take, in all, to bring every example to its state. */
const SETTLE_MS = 30_000;

const build = await readStorybookBuild();
const docsPages = build.entries.filter(isComponentDocs);

let server: StaticServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  server = await serveStatic(build.dir);
  browser = await launchChromium();
  context = await newStorybookContext(browser);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

it('the build has a Docs page for every component and flow', () => {
  const titles = new Set(build.entries.filter((e) => e.type === 'story').map((e) => e.title));
  const documented = new Set(docsPages.map((d) => d.title));
  const components = [...titles].filter((t) => /^(Components|Flows)\//.test(t));
  expect(components.length).toBeGreaterThan(0);
  expect(components.filter((t) => !documented.has(t))).toEqual([]);
});

describe.each(docsPages.map((docs) => [docs.title, docs] as const))('%s Docs page', (_, docs) => {
  it('shows every story in its promised state, without errors, axe violations or raw JSDoc', async () => {
    const expected = storiesOnDocsPage(build, docs).map((s) => s.id);
    const page = await context.newPage();
    const problems = recordPageProblems(page);
    try {
      await page.goto(`${server.origin}/iframe.html?id=${docs.id}&viewMode=docs`);
      const reading = await waitForPromisedStates(page, expected, SETTLE_MS);
      expect.soft(describeProblems(reading), 'stories not in their promised state').toEqual([]);
      expect.soft(problems.list(), 'page errors and unanswered requests').toEqual([]);

      const violations: string[] = [];
      for (const frame of previewFrames(page)) {
        const where =
          frame === page.mainFrame()
            ? 'the Docs page'
            : `the iframe of ${new URLSearchParams(frame.url().split('?')[1]).get('id')}`;
        violations.push(...(await axeViolations(frame)).map((v) => `${where}: ${v}`));
      }
      expect.soft(violations, 'axe violations').toEqual([]);

      expect.soft(await rawJsdoc(page.mainFrame()), 'raw JSDoc on the page').toEqual([]);
    } finally {
      await page.close();
    }
  });
});
