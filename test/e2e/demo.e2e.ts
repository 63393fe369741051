import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../chromium.js';
import { SANDBOX_DEFAULTS } from '../../src/testing/sandbox/createSandboxService.js';
import type { LoggedProcess } from '../support/spawnLogged.js';
import { spawnLogged } from '../support/spawnLogged.js';
import { axeViolations, CLIENT_SECRET, recordTraffic, shot } from './support.js';

// The borrower-portal demo (`npm start`) in headless Chromium: both flows through the UI, the
// sandbox scenarios, axe on every state, and no request to the service or secret in the browser.

const WAIT = 60_000;
let server: LoggedProcess;
let origin: string;
let serviceOrigin: string;
let browser: Browser;
let context: BrowserContext;
let traffic: ReturnType<typeof recordTraffic>;

beforeAll(async () => {
  server = spawnLogged('npm', ['start'], {
    env: {
      ...process.env,
      PORT: '0',
      DEMO_QUOTE_DELAY_MS: '1500',
      SERVICE_CLIENT_SECRET: CLIENT_SECRET,
    },
  });
  const portal = await server.waitForOutput(
    /Borrower portal demo: (http:\/\/127\.0\.0\.1:\d+)\//,
    90_000,
  );
  const sandbox = await server.waitForOutput(/service\s+sandbox at (http:\/\/\S+)/, 10_000);
  origin = portal[1] as string;
  serviceOrigin = new URL(sandbox[1] as string).origin;
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  });
});

afterAll(async () => {
  console.log(`browser-facing service requests: ${[...serviceRequests].join('; ')}`);
  await browser?.close();
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    expect(exit, server.output()).toEqual({ code: 0, signal: null });
  }
});

/** A fresh context and page per test, its traffic recorded. */
async function open(): Promise<Page> {
  context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  context.setDefaultTimeout(WAIT);
  traffic = recordTraffic(context, origin, serviceOrigin);
  const page = await context.newPage();
  await page.goto(origin);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
}

/** What the browser fetched from the service's origin, for the log (ids blanked). */
const serviceRequests = new Set<string>();
function noteServiceRequests() {
  for (const r of traffic?.serviceRequests() ?? []) {
    serviceRequests.add(r.replace(/\/[a-z]+_[0-9a-f]+$/, '/…').replace(/[^/]+\.svg$/, '*.svg'));
  }
}

afterEach(async () => {
  noteServiceRequests();
  const problems = traffic ? await traffic.problems() : [];
  await context?.close();
  expect(problems).toEqual([]);
});

async function expectAccessible(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/** "I already have a policy", submitted, and the carrier sign-in filled in (not sent). */
async function fillCarrierSignIn(page: Page, username: string, password: string) {
  await page.getByRole('button', { name: /I already have a policy/ }).click();
  await page.getByRole('button', { name: 'Submit application' }).click();
  await page.getByRole('button', { name: 'Share my current policy' }).click();
  const frame = page.frameLocator('[role=dialog] iframe');
  await frame.getByLabel('Username').waitFor();
  await frame.getByLabel('Insurance carrier').selectOption({ index: 1 });
  await frame.getByLabel('Username').fill(username);
  await frame.getByLabel('Password').fill(password);
  return frame;
}

/** "I need insurance", optionally a scenario and a last name, submitted and consented. */
async function startShopping(page: Page, scenario?: string, lastName?: string) {
  await page.getByRole('button', { name: /I need insurance/ }).click();
  if (scenario) await page.getByRole('button', { name: scenario }).click();
  if (lastName) await page.getByLabel('Last name', { exact: true }).fill(lastName);
  await page.getByRole('button', { name: 'Submit application' }).click();
  await page.getByRole('checkbox', { name: /insurance shopping terms/ }).check();
  await page.getByRole('button', { name: 'Agree and get quotes' }).click();
}

/** The text of every policy's "policy type" and "premium" values. */
async function policyValues(page: Page): Promise<string[]> {
  return page.locator('.lir-PolicyDocuments [data-slot=summary] dd').allTextContents();
}

async function waitForPolicies(page: Page, count: number) {
  await page
    .locator('.lir-PolicyDocuments[data-state=ready]')
    .nth(count - 1)
    .waitFor();
  await expect.poll(() => page.locator('.lir-PolicyDocuments').count()).toBe(count);
}

/** Clicks the first quote until the cards say it is selected. */
async function selectFirstQuote(page: Page) {
  const radio = page.getByRole('radio').first();
  await radio.waitFor();
  await radio.click();
  await page.locator('.lir-QuoteCards[data-state=selected]').waitFor();
}

describe('borrower-portal demo', () => {
  it('new insurance: quotes, advisor call, bound home and flood policies, a document, closing', async () => {
    const name = 'new-insurance';
    const page = await open();
    await page.getByRole('button', { name: /I need insurance/ }).click();
    await page.getByRole('button', { name: /with a flood policy too/ }).click();
    await expect
      .poll(() => page.getByLabel('Last name', { exact: true }).inputValue())
      .toBe('Flood');
    await shot(page, name, '1-form');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.getByRole('checkbox', { name: /insurance shopping terms/ }).check();
    await page.getByRole('button', { name: 'Agree and get quotes' }).click();
    await page
      .getByRole('radiogroup')
      .or(page.locator('.lir-QuoteCards[data-state=ready]'))
      .first()
      .waitFor();
    await page.getByRole('radio').first().waitFor();
    await shot(page, name, '2-quotes');
    await expectAccessible(page);

    await selectFirstQuote(page);
    await page.locator('.lir-TcpaConsentCheckbox input[type=checkbox]').click();
    await page.locator('.lir-TcpaConsentCheckbox[data-state=recorded]').waitFor();
    const callNow = page.locator('.lir-CallScheduler [data-slot=call-now]');
    await callNow.waitFor();
    await shot(page, name, '3-tcpa');
    await expectAccessible(page);
    await callNow.click();
    await page.locator('.lir-CallScheduler[data-state=called]').waitFor();

    await waitForPolicies(page, 2);
    const values = await policyValues(page);
    expect(values).toContain('FLOOD');
    await shot(page, name, '4-bound');
    await expectAccessible(page);

    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.locator('.lir-PolicyDocuments [data-slot=open]').first().click(),
    ]);
    await expect.poll(() => popup.url()).not.toBe('about:blank');
    const pdf = await context.request.get(popup.url());
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 4).toString('latin1')).toBe('%PDF');
    await popup.close();

    await page.getByRole('button', { name: 'I bought insurance elsewhere' }).click();
    await page.getByText(/We closed this application/).waitFor();
    await shot(page, name, '5-closed');
    // The recorder saw the BFF's answers (so the secret and token checks had bodies to read).
    const bffBodies = traffic.responses.filter((r) => r.url.includes('/api/insurance/') && r.body);
    expect(bffBodies.length).toBeGreaterThan(5);
  });

  it('supplemental policies: Wind, Dwelling_fire, Earthquake and Fire bind their type', async () => {
    const page = await open();
    const cases = [
      ['Wind', 'WIND'],
      ['Dwelling_fire', 'DWELLING_FIRE'],
      ['Earthquake', 'EARTHQUAKE'],
      ['Fire', 'DWELLING_FIRE'],
    ] as const;
    for (const [lastName, type] of cases) {
      await startShopping(page, 'Bind a policy', lastName);
      await waitForPolicies(page, 2);
      expect(await policyValues(page), lastName).toContain(type);
      await shot(page, 'supplemental', lastName);
      await page.getByRole('button', { name: 'Start over' }).click();
    }
  });

  it('existing policy: the carrier sign-in retrieves each sandbox user’s policies', async () => {
    const users = [
      ['user_good_flood', 2],
      ['user_good', 1],
      ['user_good_expensive', 1],
    ] as const;
    for (const [user, count] of users) {
      const page = await open();
      const frame = await fillCarrierSignIn(page, user, SANDBOX_DEFAULTS.sandboxPassword);
      await shot(page, 'existing', `${user}-1-dialog`);
      if (user === 'user_good_flood') await expectAccessible(page);
      await frame.getByRole('button', { name: 'Retrieve my policy' }).click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await waitForPolicies(page, count);
      await shot(page, 'existing', `${user}-2-retrieved`);
      if (user === 'user_good_flood') {
        await expectAccessible(page);
        expect(await policyValues(page)).toContain('FLOOD');
      }
      if (user === 'user_good_expensive') {
        expect((await policyValues(page)).join(' ')).toContain('12,850');
      }
      noteServiceRequests();
      const problems = await traffic.problems();
      await context.close();
      expect(problems, user).toEqual([]);
    }
    traffic = undefined as unknown as typeof traffic;
  });

  it('a wrong carrier password shows the error in the dialog and retrieves nothing', async () => {
    const page = await open();
    const frame = await fillCarrierSignIn(page, 'user_good', 'not_the_password');
    await frame.getByRole('button', { name: 'Retrieve my policy' }).click();
    await frame.getByRole('alert').waitFor();
    await shot(page, 'wrong-credential', '1-error');
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    expect(await page.locator('.lir-PolicyDocuments').count()).toBe(0);
    await expect.poll(() => page.getByText(/No policy yet/).isVisible()).toBe(true);
  });

  it('quoting fails: the progress shows the error with "Try again"', async () => {
    const page = await open();
    await startShopping(page, 'Quoting fails');
    const progress = page.locator('.lir-ShopProgress[data-state=errored]');
    await progress.waitFor();
    await progress.getByRole('button', { name: 'Try again' }).waitFor();
    await shot(page, 'errored', '1-progress');
    await expectAccessible(page);
  });

  it('a rate-limited quote choice says when to try again and disables the choices', async () => {
    const page = await open();
    await page.route(
      '**/api/insurance/loans/*/quotes/*/select',
      (route) =>
        route.fulfill({
          status: 429,
          headers: { 'Retry-After': '20', 'Content-Type': 'application/json' },
          body: JSON.stringify({
            error: { code: 'rate_limited', message: 'Rate limit exceeded', retryAfterSeconds: 20 },
          }),
        }),
      { times: 1 },
    );
    await startShopping(page);
    const radio = page.getByRole('radio').first();
    await radio.waitFor();
    await radio.click();
    await page.locator('.lir-QuoteCards[data-state=rateLimited]').waitFor();
    await page.getByText(/Too many requests\. Try again at/).waitFor();
    const radios = page.getByRole('radio');
    const count = await radios.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) expect(await radios.nth(i).isDisabled()).toBe(true);
    await shot(page, 'rate-limited', '1-disabled');
    await expectAccessible(page);
  });
});
