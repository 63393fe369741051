import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../storybook/support/newStorybookContext.js';
import type { LoggedProcess } from '../support/spawnLogged.js';
import {
  axeViolations,
  DESKTOP_LIGHT,
  demoOrigins,
  recordErrors,
  recordTraffic,
  shot,
  startDemo,
  stopDemo,
} from './support.js';

// The demo with its sandbox in production-like mode (SANDBOX_PRODUCTION_LIKE=1): nulls, numbers
// as text, unknown fields, a quote without an id, a document not ready yet, dates as timestamps
// and webhooks under a vendor's prefix. One borrower walks the drop-in flow on a desktop, light:
// what the borrower reads has no broken word, every main step passes axe, and no secret or token
// crosses to the browser. Kept short: the whole flow in every look is demo.e2e.ts's job.

const WAIT = 30_000;
/**
 * The day the sandbox's quotes take effect without a closing date (30 days on), as the borrower
 * reads it: sent as UTC midnight, it must show as that day, not the one before in Chicago.
 */
const effectiveDay = () =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    Date.now() + 30 * 24 * 3600 * 1000,
  );

/** What a loose value shown as-is would look like on the page. */
const BROKEN = /\bNaN\b|\bundefined\b|\bnull\b|Invalid Date|\[object Object\]|T00:00:00/;

let server: LoggedProcess;
let origin: string;
let serviceOrigin: string;
let assetOrigin: string;
let browser: Browser;

beforeAll(async () => {
  server = startDemo({ SANDBOX_PRODUCTION_LIKE: '1' });
  ({ origin, serviceOrigin, assetOrigin } = await demoOrigins(server));
  await server.waitForOutput(/answers\s+production-like \(SANDBOX_PRODUCTION_LIKE=1\)/);
  await server.waitForOutput(/the sandbox signs under X-Insurer/);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await stopDemo(server);
});

interface Visit {
  page: Page;
  context: BrowserContext;
  test: string;
  traffic: ReturnType<typeof recordTraffic>;
  errors: ReturnType<typeof recordErrors>;
}

let visits: Visit[] = [];

afterEach(async () => {
  const problems: string[] = [];
  for (const v of visits) {
    problems.push(...(await v.traffic.problems()), ...v.errors.list());
    await v.context.close();
  }
  visits = [];
  expect(problems).toEqual([]);
});

const flow = (page: Page) => page.locator('.lir-InsuranceFlow');

/** A new session on the portal, desktop light, its traffic and errors recorded. */
async function visit(test: string): Promise<Visit> {
  const context = await browser.newContext({
    viewport: { width: DESKTOP_LIGHT.width, height: DESKTOP_LIGHT.height },
    colorScheme: DESKTOP_LIGHT.colorScheme,
    locale: 'en-US',
    timezoneId: 'America/Chicago',
  });
  context.setDefaultTimeout(WAIT);
  const v: Visit = {
    page: await context.newPage(),
    context,
    test,
    traffic: recordTraffic(context, origin, serviceOrigin),
    errors: recordErrors(context),
  };
  visits.push(v);
  await v.page.goto(origin);
  await flow(v.page).waitFor();
  return v;
}

/** Waits for the flow's step and its reads, then checks it: a screenshot, axe, no broken word. */
async function check(v: Visit, step: string) {
  await expect.poll(() => flow(v.page).getAttribute('data-state'), { timeout: WAIT }).toBe(step);
  const loading = v.page.locator(
    '.lir-InsuranceFlow [data-slot="loading"], .lir-InsuranceFlow [data-state="loading"]',
  );
  await expect.poll(() => loading.count(), { timeout: WAIT }).toBe(0);
  await shot(v.page, `production-like-${v.test}`, step);
  expect(await axeViolations(v.page), `${v.test}: ${step}`).toEqual([]);
  expect(await flow(v.page).innerText(), `${v.test}: ${step}`).not.toMatch(BROKEN);
}

/** Applies with a sandbox scenario, agrees to the shopping terms and waits out quoting. */
async function applyAndShop(v: Visit, scenario: string) {
  const { page } = v;
  await page.getByRole('button', { name: scenario }).click();
  await page.getByRole('button', { name: 'Submit application' }).click();
  await check(v, 'choose');
  await page.getByRole('button', { name: /^I need insurance/ }).click();
  await check(v, 'consent');
  await page.getByRole('checkbox', { name: 'I agree to the insurance shopping terms.' }).check();
  await page.getByRole('button', { name: 'Agree and get quotes' }).click();
}

describe('the demo against a production-like sandbox', () => {
  it('L9: a borrower applies, agrees, sees the quotes with their prices and dates, and chooses one', async () => {
    const v = await visit('quotes');
    const { page } = v;
    const day = effectiveDay();
    await applyAndShop(v, 'A plain applicant');
    await check(v, 'quotes');

    // The recommended quotes, each with its price; the pending carrier (no id) is not one.
    const cards = page.locator('.lir-QuoteCards [data-slot="card"]');
    await expect.poll(() => cards.count(), { timeout: WAIT }).toBe(3);
    expect(await page.getByText('Carrier still rating').count()).toBe(0);
    const annual = await page.locator('.lir-QuoteCards [data-slot="annual"]').allInnerTexts();
    const monthly = await page.locator('.lir-QuoteCards [data-slot="monthly"]').allInnerTexts();
    expect(annual).toHaveLength(3);
    for (const price of [...annual, ...monthly]) expect(price).toMatch(/\$\d[\d,]*(\.\d{2})?/);
    // Effective dates sent as UTC midnight show the same calendar day, as a date.
    const dates = await cards
      .locator('[data-slot="row"]')
      .filter({ has: page.getByText('Effective date', { exact: true }) })
      .locator('[data-slot="value"]')
      .allInnerTexts();
    expect(dates).toHaveLength(3);
    for (const date of dates) expect([day, effectiveDay()]).toContain(date);
    // One carrier has no logo (null): its monogram stands in.
    expect(await cards.locator('[data-slot="logo"]').count()).toBe(2);
    expect(await cards.locator('[data-slot="monogram"]').count()).toBe(1);

    await page
      .locator('.lir-QuoteCards label')
      .filter({ has: page.getByRole('radio') })
      .first()
      .click();
    const carrier = await cards.first().locator('[data-slot="carrier"]').innerText();
    await page
      .getByText(`You picked ${carrier}. An advisor can finish the policy with you by phone.`)
      .waitFor();
    expect(await page.getByRole('radio').first().isChecked()).toBe(true);
    await check(v, 'quotes');
  });

  it('L9: a bound policy is shown with its evidence of insurance, from the asset origin, and not the document that is not ready yet', async () => {
    const v = await visit('bound');
    const { page } = v;
    const day = effectiveDay();
    await applyAndShop(v, 'Bind a policy');
    await check(v, 'covered');
    const list = page.getByRole('list', { name: 'Your policies' });
    await list.locator('.lir-PolicyDocuments[data-state=ready]').waitFor();
    // The policy's days, sent as UTC midnight, read as the same days.
    const standing = await page.locator('.lir-PolicyDocuments [data-slot=standing]').innerText();
    expect([`Starts on ${day}`, `Starts on ${effectiveDay()}`]).toContain(standing);
    const documents = list.getByRole('list', { name: 'Policy documents' });
    const names = await documents.locator('[data-slot="document"]').allInnerTexts();
    expect(names.join(' | ')).toMatch(/Evidence of insurance/);
    expect(names.join(' | ')).not.toMatch(/Policy document/);
    // The policy number came as a JSON number: shown as its digits.
    const summary = await page.locator('.lir-PolicyDocuments [data-slot=summary]').innerText();
    expect(summary).toMatch(/\b\d{10}\b/);

    const [popup] = await Promise.all([
      v.context.waitForEvent('page'),
      documents.getByRole('button', { name: /Evidence of insurance/ }).click(),
    ]);
    await expect.poll(() => popup.url(), { timeout: WAIT }).not.toBe('about:blank');
    expect(new URL(popup.url()).origin).toBe(assetOrigin);
    const pdf = await v.context.request.get(popup.url());
    expect(pdf.status()).toBe(200);
    await popup.close();
  });
});
