import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callSchedulerMessagesEs } from '../../src/components/CallScheduler/callSchedulerMessagesEs.js';
import { loanApplicationFormMessagesEs } from '../../src/components/LoanApplicationForm/loanApplicationFormMessagesEs.js';
import { tcpaConsentCheckboxMessagesEs } from '../../src/components/TcpaConsentCheckbox/tcpaConsentCheckboxMessagesEs.js';
import { insuranceFlowMessagesEs } from '../../src/flows/InsuranceFlow/insuranceFlowMessagesEs.js';
import { SANDBOX_DEFAULTS } from '../../src/testing/sandbox/createSandboxService.js';
import { launchChromium } from '../storybook/support/newStorybookContext.js';
import type { LoggedProcess } from '../support/spawnLogged.js';
import { englishLeft, englishPhraseCount } from './englishLeft.js';
import type { Look } from './support.js';
import {
  axeViolations,
  DESKTOP_DARK,
  DESKTOP_LIGHT,
  demoOrigins,
  LOOKS,
  PHONE_DARK,
  PHONE_LIGHT,
  PHONE_WIDTH,
  recordErrors,
  recordTraffic,
  scrollWidth,
  shot,
  startDemo,
  stopDemo,
} from './support.js';

// The borrower-portal demo (`npm start`) in headless Chromium, through the drop-in InsuranceFlow:
// every path a borrower can take, each step checked with axe, on a phone and a desktop, light and
// dark, in English and Spanish; and no request to the service's API or secret in the browser.

const WAIT = 30_000;
const LENDER = 'Acme Home Loans';
const PASSWORD = SANDBOX_DEFAULTS.sandboxPassword;
let server: LoggedProcess;
let origin: string;
let serviceOrigin: string;
/** Where the sandbox serves documents and carrier logos: another origin, as the CDN is. */
let assetOrigin: string;
let browser: Browser;

beforeAll(async () => {
  server = startDemo();
  ({ origin, serviceOrigin, assetOrigin } = await demoOrigins(server));
  browser = await launchChromium();
});

afterAll(async () => {
  console.log(`browser-facing service requests: ${[...serviceRequests].join('; ')}`);
  await browser?.close();
  await stopDemo(server);
});

/** One borrower's browser: a context in a look, its traffic and errors recorded. */
interface Visit {
  page: Page;
  context: BrowserContext;
  look: Look;
  test: string;
  traffic: ReturnType<typeof recordTraffic>;
  errors: ReturnType<typeof recordErrors>;
  shots: number;
}

interface VisitOptions {
  /** `?lang=es`: the portal (and the flow) in Spanish. */
  lang?: 'es';
  /** The browser's clock starts at this time (and runs on). */
  time?: Date;
  timezoneId?: string;
}

let visits: Visit[] = [];

/** A fresh browser context (a new session) on the portal, in `look`. */
async function visit(test: string, look: Look, options: VisitOptions = {}): Promise<Visit> {
  const context = await browser.newContext({
    viewport: { width: look.width, height: look.height },
    colorScheme: look.colorScheme,
    locale: 'en-US',
    // The sandbox borrower lives in Austin.
    timezoneId: options.timezoneId ?? 'America/Chicago',
  });
  context.setDefaultTimeout(WAIT);
  if (options.time) await context.clock.install({ time: options.time });
  const v: Visit = {
    page: await context.newPage(),
    context,
    look,
    test,
    traffic: recordTraffic(context, origin, serviceOrigin),
    errors: recordErrors(context),
    shots: 0,
  };
  visits.push(v);
  await v.page.goto(options.lang ? `${origin}/?lang=${options.lang}` : origin);
  await flow(v.page).waitFor();
  return v;
}

/** What the browser fetched from the service's origin, for the log (ids blanked). */
const serviceRequests = new Set<string>();

afterEach(async () => {
  const problems: string[] = [];
  for (const v of visits) {
    for (const r of v.traffic.serviceRequests()) {
      serviceRequests.add(r.replace(/\/[a-z]+_[0-9a-f]+$/, '/…').replace(/[^/]+\.svg$/, '*.svg'));
    }
    problems.push(...(await v.traffic.problems()), ...v.errors.list());
    await v.context.close();
  }
  visits = [];
  expect(problems).toEqual([]);
});

// ---- The flow's steps, and the checks every one of them gets ----

/** What is checked in every look: the flow's steps, the advisor and the retrieval dialog. */
type Checked =
  | 'choose'
  | 'consent'
  | 'quoting'
  | 'quotes'
  | 'advisor'
  | 'quotingFailed'
  | 'retrieval dialog'
  | 'covered'
  | 'lapsed'
  | 'closed';
const CHECKED: readonly Checked[] = [
  'choose',
  'consent',
  'quoting',
  'quotes',
  'advisor',
  'quotingFailed',
  'retrieval dialog',
  'covered',
  'lapsed',
  'closed',
];
/** Which looks each step was checked in. */
const checkedIn = new Map<Checked, Set<string>>(CHECKED.map((step) => [step, new Set()]));

const flow = (page: Page) => page.locator('.lir-InsuranceFlow');
/** The flow's step now (without waiting: `null` while the page has no flow). */
const stepOf = (page: Page) =>
  page.evaluate(() => document.querySelector('.lir-InsuranceFlow')?.getAttribute('data-state'));
/** Waits for the flow to reach `step`, and says where it is instead when it does not. */
const atStep = (page: Page, step: string) =>
  expect
    .poll(() => stepOf(page), { timeout: WAIT, message: `the flow reaches ${step}` })
    .toBe(step);

/**
 * Checks a step: a screenshot, no axe violation, and on a phone nothing wider than the screen.
 * A flow step is waited for first.
 */
async function check(v: Visit, step: Checked) {
  if (step !== 'advisor' && step !== 'retrieval dialog') await atStep(v.page, step);
  // A step is checked as the borrower reads it: its lazily loaded part and its reads arrived.
  const loading = v.page.locator(
    '.lir-InsuranceFlow [data-slot="loading"], .lir-InsuranceFlow [data-state="loading"]',
  );
  await expect.poll(() => loading.count(), { timeout: WAIT }).toBe(0);
  checkedIn.get(step)?.add(v.look.name);
  const where = `${v.test}: ${step} (${v.look.name})`;
  v.shots += 1;
  await shot(v.page, v.test, `${v.look.name}-${v.shots}-${step.replace(' ', '-')}`);
  expect(await axeViolations(v.page), where).toEqual([]);
  if (v.look.width <= PHONE_WIDTH) {
    expect(await scrollWidth(v.page), where).toBeLessThanOrEqual(v.look.width);
  }
}

// ---- What a borrower does ----

/** The application, prefilled by a sandbox scenario, submitted. */
async function apply(v: Visit, scenario = 'A plain applicant') {
  const { page } = v;
  await page.getByRole('button', { name: scenario }).click();
  await page.getByRole('button', { name: 'Submit application' }).click();
  await check(v, 'choose');
}

/** "I need insurance", the shopping terms agreed: quoting. */
async function shop(v: Visit) {
  const { page } = v;
  await page.getByRole('button', { name: /^I need insurance/ }).click();
  await check(v, 'consent');
  await page.getByRole('checkbox', { name: 'I agree to the insurance shopping terms.' }).check();
  await page.getByRole('button', { name: 'Agree and get quotes' }).click();
  await check(v, 'quoting');
}

/** The TCPA consent given: the call scheduler offers a time (and a call now, in hours). */
async function consentToCalls(v: Visit) {
  const { page } = v;
  const advisor = page.getByRole('region', { name: 'Talk to a licensed advisor' });
  // A click records the consent; the box shows checked once it is recording.
  await advisor
    .getByRole('checkbox', { name: 'I agree to be contacted about home insurance' })
    .click();
  await advisor.locator('.lir-CallScheduler[data-state=ready]').waitFor();
  await expect
    .poll(() => advisor.getByLabel('Time', { exact: true }).locator('option').count(), {
      timeout: WAIT,
    })
    .toBeGreaterThan(0);
  expect(await advisor.getByRole('button', { name: 'Schedule call' }).isEnabled()).toBe(true);
  await check(v, 'advisor');
  return advisor;
}

/** The carrier sign-in dialog, opened from the retrieval step. */
async function openSignIn(v: Visit): Promise<FrameLocator> {
  const { page } = v;
  await atStep(page, 'retrieval');
  await page.getByRole('button', { name: 'Share my current policy' }).click();
  await page.getByRole('dialog', { name: 'Share your current insurance policy' }).waitFor();
  const frame = page.frameLocator('[role=dialog] iframe');
  await frame.getByLabel('Username').waitFor();
  return frame;
}

/** Signs in to a carrier in the dialog's sandbox page. */
async function signIn(frame: FrameLocator, username: string, password: string, carrier = 1) {
  await frame.getByLabel('Insurance carrier').selectOption({ index: carrier });
  await frame.getByLabel('Username').fill(username);
  await frame.getByLabel('Password').fill(password);
  await frame.getByRole('button', { name: 'Retrieve my policy' }).click();
}

/** The policies the flow lists, once each has loaded. */
async function policies(page: Page, count: number) {
  const list = page.getByRole('list', { name: 'Your policies' });
  await expect.poll(() => list.locator(':scope > li').count(), { timeout: WAIT }).toBe(count);
  await expect
    .poll(() => list.locator('.lir-PolicyDocuments[data-state=ready]').count(), {
      timeout: WAIT,
    })
    .toBe(count);
  return list;
}

/** The text of every policy summary's values (carrier, type, status, premium…). */
const policyValues = (page: Page) =>
  page.locator('.lir-PolicyDocuments [data-slot=summary] dd').allTextContents();

/**
 * Chooses a quote as a borrower does: a click on its card's header, the radio's label (the
 * native radio itself sits under it).
 */
async function chooseQuote(page: Page, index: number) {
  await page
    .locator('.lir-QuoteCards label')
    .filter({ has: page.getByRole('radio') })
    .nth(index)
    .click();
}

/** Select requests the browser sent (choosing a quote). */
const selects = (v: Visit) =>
  v.traffic.requests.filter((r) => /\/quotes\/[^/]+\/select$/.test(new URL(r.url).pathname)).length;

/** The carrier named first in a quote radio's accessible name ("Prairie Shield $2,215 per year…"). */
async function carrierOf(page: Page, index: number): Promise<string> {
  const snapshot = await page.getByRole('radio').nth(index).ariaSnapshot();
  const name = /radio "(.+?) \$/.exec(snapshot)?.[1];
  if (!name) throw new Error(`no carrier in ${snapshot}`);
  return name;
}

/** The advisor section says which quote the service recorded as chosen. */
const picked = (page: Page, carrier: string) =>
  page.getByText(`You picked ${carrier}. An advisor can finish the policy with you by phone.`);

// ---- The paths ----

describe('borrower-portal demo through InsuranceFlow', () => {
  it('a plain applicant compares quotes, records one choice per settled pick, gets an advisor and can close the application', async () => {
    const v = await visit('plain', DESKTOP_LIGHT);
    const { page } = v;
    await apply(v);
    await shop(v);
    await atStep(page, 'quotes');
    const radios = page.getByRole('radio');
    await radios.first().waitFor();
    expect(await radios.count()).toBeGreaterThanOrEqual(3);
    await check(v, 'quotes');
    // The Spanish test's English detector finds the English it looks for.
    expect((await englishLeft(page, '.lir-InsuranceFlow')).length).toBeGreaterThan(10);

    // A click records at once.
    await chooseQuote(page, 0);
    await picked(page, await carrierOf(page, 0)).waitFor();
    expect(selects(v)).toBe(1);

    // Arrow keys move through the quotes and record only where the borrower stops.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await radios.nth(2).isChecked()).toBe(true);
    expect(selects(v)).toBe(1);
    await picked(page, await carrierOf(page, 2)).waitFor();
    expect(selects(v)).toBe(2);

    // Leaving the group records the choice at once.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Tab');
    await picked(page, await carrierOf(page, 1)).waitFor();
    expect(await radios.nth(1).isChecked()).toBe(true);
    expect(selects(v)).toBe(3);
    // Clicking the recorded quote again sends nothing (counted after the steps below).
    await chooseQuote(page, 1);

    const advisor = await consentToCalls(v);
    await advisor.getByText('We will call (512) 555-0134').waitFor();

    // Insured elsewhere: a confirmation first, which can be declined.
    const elsewhere = page.getByRole('region', { name: 'Already insured elsewhere?' });
    await elsewhere.getByRole('button', { name: 'I bought insurance elsewhere' }).click();
    const confirm = elsewhere.getByRole('group', { name: 'Close your insurance application?' });
    await confirm.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent), { timeout: WAIT })
      .toBe('Close your insurance application?');
    await confirm.getByRole('button', { name: 'Keep my application' }).click();
    await elsewhere.getByRole('button', { name: 'I bought insurance elsewhere' }).click();
    await confirm.getByRole('button', { name: 'Yes, close my application' }).click();
    await check(v, 'closed');
    await page.getByRole('heading', { name: 'Your insurance application is closed' }).waitFor();
    expect(await page.getByRole('radio').count()).toBe(0);
    expect(selects(v)).toBe(3);

    // The recorder saw the BFF's answers (so the secret and token checks had bodies to read).
    const bffBodies = v.traffic.responses.filter(
      (r) => r.url.includes('/api/insurance/') && r.body,
    );
    expect(bffBodies.length).toBeGreaterThan(5);
  });

  it('a bound policy ends at "You’re covered" with its documents and nothing left to shop', async () => {
    const v = await visit('bound', PHONE_DARK);
    const { page } = v;
    await apply(v, 'Bind a policy');
    await shop(v);
    await check(v, 'covered');
    await page.getByRole('heading', { name: 'You’re covered', level: 2 }).waitFor();
    const list = await policies(page, 1);
    const documents = list.getByRole('list', { name: 'Policy documents' });
    expect(await documents.getByRole('button').count()).toBeGreaterThan(0);
    expect(await page.getByRole('radio').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'I bought insurance elsewhere' }).count()).toBe(
      0,
    );

    // A document opens as a PDF in a new tab.
    const [popup] = await Promise.all([
      v.context.waitForEvent('page'),
      documents.getByRole('button').first().click(),
    ]);
    await expect.poll(() => popup.url(), { timeout: WAIT }).not.toBe('about:blank');
    // From the sandbox's asset origin, which the BFF's defaults let through (as a CDN's).
    expect(new URL(popup.url()).origin).toBe(assetOrigin);
    const pdf = await v.context.request.get(popup.url());
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 4).toString('latin1')).toBe('%PDF');
    await popup.close();
  });

  it('a supplemental flood or wind policy is bound beside the home policy, its type shown', async () => {
    const v = await visit('supplemental', DESKTOP_DARK);
    const { page } = v;
    await apply(v, '…with a flood policy too');
    await shop(v);
    await check(v, 'covered');
    await policies(page, 2);
    expect(await policyValues(page)).toContain('FLOOD');

    await page.getByRole('button', { name: 'Start over' }).click();
    await page.getByRole('button', { name: '…with a wind policy too' }).click();
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.getByRole('button', { name: /^I need insurance/ }).click();
    await page.getByRole('checkbox', { name: 'I agree to the insurance shopping terms.' }).check();
    await page.getByRole('button', { name: 'Agree and get quotes' }).click();
    await atStep(page, 'covered');
    await policies(page, 2);
    expect(await policyValues(page)).toContain('WIND');
    await shot(page, v.test, 'wind');
  });

  it('when quoting fails, the advisor, an existing policy and the partner’s page remain, and sharing a policy covers the borrower', async () => {
    const v = await visit('quoting-fails', PHONE_LIGHT);
    const { page } = v;
    await apply(v, 'Quoting fails');
    await shop(v);
    await check(v, 'quotingFailed');
    await page
      .getByRole('heading', { name: 'We could not get quotes online for this home' })
      .waitFor();
    expect(await page.getByRole('radio').count()).toBe(0);

    // The service's own page: a safe link that opens.
    const hosted = page.getByRole('link', {
      name: /See your options on our insurance partner’s page/,
    });
    const href = (await hosted.getAttribute('href')) ?? '';
    expect(new URL(href).origin).toBe(serviceOrigin);
    const [partner] = await Promise.all([v.context.waitForEvent('page'), hosted.click()]);
    await partner.waitForLoadState();
    expect(await partner.getByRole('heading', { level: 1 }).count()).toBe(1);
    await partner.close();

    await consentToCalls(v);

    await page.getByRole('button', { name: 'I already have a policy' }).click();
    const frame = await openSignIn(v);
    await check(v, 'retrieval dialog');
    await signIn(frame, 'user_good', PASSWORD);
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await check(v, 'covered');
    await policies(page, 1);
  });

  it('quoting fails the same way on every screen and theme', async () => {
    for (const look of [PHONE_DARK, DESKTOP_LIGHT, DESKTOP_DARK]) {
      const v = await visit('quoting-fails-looks', look);
      await apply(v, 'Quoting fails');
      await shop(v);
      await check(v, 'quotingFailed');
      await v.page.getByRole('button', { name: 'I already have a policy' }).waitFor();
      await v.page.getByRole('link', { name: /See your options/ }).waitFor();
      await v.page
        .getByRole('checkbox', { name: 'I agree to be contacted about home insurance' })
        .waitFor();
    }
  });

  it('a bound policy that was cancelled leaves the borrower lapsed, with an advisor and another policy to share', async () => {
    for (const look of [DESKTOP_LIGHT, PHONE_DARK, DESKTOP_DARK]) {
      const v = await visit('lapsed', look);
      const { page } = v;
      await apply(v, 'Bind a cancelled policy');
      await shop(v);
      await check(v, 'lapsed');
      await page.getByRole('heading', { name: 'Your policy is no longer in force' }).waitFor();
      await policies(page, 1);
      await page
        .getByRole('checkbox', { name: 'I agree to be contacted about home insurance' })
        .waitFor();
      await page.getByRole('button', { name: 'I already have a policy' }).waitFor();
    }
  });

  describe('sharing an existing policy', () => {
    const users = [
      { user: 'user_good', look: DESKTOP_LIGHT, count: 1, step: 'covered' },
      { user: 'user_good_flood', look: PHONE_DARK, count: 2, step: 'covered' },
      { user: 'user_good_expensive', look: DESKTOP_DARK, count: 1, step: 'covered' },
      { user: 'user_good_cancelled', look: PHONE_LIGHT, count: 1, step: 'lapsed' },
    ] as const;
    for (const c of users)
      it(`the carrier sign-in retrieves ${c.user}’s policies (${c.step})`, async () => {
        const v = await visit(`existing-${c.user}`, c.look);
        const { page } = v;
        await apply(v);
        await page.getByRole('button', { name: /^I already have a policy/ }).click();
        const frame = await openSignIn(v);
        await check(v, 'retrieval dialog');
        await signIn(frame, c.user, PASSWORD);
        await page.getByRole('dialog').waitFor({ state: 'hidden' });
        await check(v, c.step);
        await policies(page, c.count);
        const values = (await policyValues(page)).join(' ');
        if (c.user === 'user_good_flood') expect(values).toContain('FLOOD');
        if (c.user === 'user_good_expensive') expect(values).toContain('12,850');
      });

    it('a wrong password shows the error in the dialog, keeps the carrier and retrieves nothing', async () => {
      const v = await visit('wrong-password', DESKTOP_DARK);
      const { page } = v;
      // The sandbox's sign-in page answers a refused sign-in with 401, which Chromium logs.
      v.errors.allow(/status of 401 .*\/sandbox\/retrieve\//);
      await apply(v);
      await page.getByRole('button', { name: /^I already have a policy/ }).click();
      const frame = await openSignIn(v);
      await signIn(frame, 'user_good', 'not_the_password', 3);
      await frame
        .getByRole('alert')
        .filter({
          hasText: 'We could not sign in to your carrier with that username and password.',
        })
        .waitFor();
      const carrier = frame.getByLabel('Insurance carrier');
      expect(await carrier.evaluate((s: HTMLSelectElement) => s.selectedIndex)).toBe(3);
      expect(await page.getByRole('dialog').isVisible()).toBe(true);
      await check(v, 'retrieval dialog');
      expect(await page.locator('.lir-PolicyDocuments').count()).toBe(0);
      expect(await stepOf(page)).toBe('retrieval');
    });

    it('Escape closes the dialog, whose focus starts on the dialog; on a phone it fills the screen', async () => {
      const v = await visit('dialog-escape', PHONE_LIGHT);
      const { page } = v;
      await apply(v);
      await page.getByRole('button', { name: /^I already have a policy/ }).click();
      await openSignIn(v);
      const dialog = page.getByRole('dialog');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe(
        'dialog',
      );
      expect(await dialog.boundingBox()).toEqual({
        x: 0,
        y: 0,
        width: PHONE_LIGHT.width,
        height: PHONE_LIGHT.height,
      });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup'))).toBe(
        'dialog',
      );
      expect(await stepOf(page)).toBe('retrieval');
    });
  });

  it('a reload resumes: mid-quote it stays quoting (or quotes), on quotes the choice is kept', async () => {
    const v = await visit('reload', PHONE_DARK);
    const { page } = v;
    await apply(v);
    await page.getByRole('button', { name: /^I need insurance/ }).click();
    await page.getByRole('checkbox', { name: 'I agree to the insurance shopping terms.' }).check();
    // Reloaded once the service is quoting (its answer to the shop request is in).
    const shopped = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname.endsWith('/shop'),
    );
    await page.getByRole('button', { name: 'Agree and get quotes' }).click();
    await atStep(page, 'quoting');
    expect((await shopped).ok()).toBe(true);
    expect(await stepOf(page)).toBe('quoting');
    await page.reload();
    await page.locator('.lir-InsuranceFlow:not([data-state=loading])').waitFor();
    expect(['quoting', 'quotes']).toContain(await stepOf(page));

    await check(v, 'quotes');
    await chooseQuote(page, 1);
    const carrier = await carrierOf(page, 1);
    await picked(page, carrier).waitFor();
    await page.reload();
    await atStep(page, 'quotes');
    await picked(page, carrier).waitFor();
    expect(await page.getByRole('radio').nth(1).isChecked()).toBe(true);
    expect(await carrierOf(page, 1)).toBe(carrier);

    await consentToCalls(v);
    await page.getByRole('button', { name: 'I bought insurance elsewhere' }).click();
    await page.getByRole('button', { name: 'Yes, close my application' }).click();
    await check(v, 'closed');
  });

  describe('advisor hours (Monday to Friday 8 AM–8 PM, Saturday 9 AM–5 PM, Eastern)', () => {
    it('on Saturday at 11 PM "Call me now" is not offered and the next call time is Monday 8 AM', async () => {
      const v = await visit('after-hours', DESKTOP_DARK, {
        // Saturday, November 28, 2026, 11:00 PM in New York.
        time: new Date('2026-11-29T04:00:00Z'),
        timezoneId: 'America/New_York',
      });
      const { page } = v;
      await apply(v);
      await shop(v);
      await check(v, 'quotes');
      const advisor = await consentToCalls(v);
      await advisor
        .getByText('The next time an advisor can call: Monday, November 30 at 8:00 AM')
        .waitFor();
      expect(await advisor.getByRole('button', { name: 'Call me now' }).count()).toBe(0);
      await page.getByRole('button', { name: 'I bought insurance elsewhere' }).click();
      await page.getByRole('button', { name: 'Yes, close my application' }).click();
      await check(v, 'closed');
    });

    it('on a Tuesday morning "Call me now" is offered and calls', async () => {
      const v = await visit('in-hours', PHONE_LIGHT, {
        // Tuesday, December 1, 2026, 10:00 AM in New York.
        time: new Date('2026-12-01T15:00:00Z'),
        timezoneId: 'America/New_York',
      });
      const { page } = v;
      await apply(v);
      await shop(v);
      await check(v, 'quotes');
      const advisor = await consentToCalls(v);
      expect(await advisor.getByText(/The next time an advisor can call/).count()).toBe(0);
      await advisor.getByRole('button', { name: 'Call me now' }).click();
      await advisor.getByText('An advisor will call (512) 555-0134 shortly.').waitFor();
      await page.getByRole('button', { name: 'I bought insurance elsewhere' }).waitFor();
    });
  });

  it.each([PHONE_LIGHT, DESKTOP_DARK])(
    'in Spanish the whole path speaks Spanish, the call consent included ($name)',
    async (look) => {
      const es = insuranceFlowMessagesEs;
      const v = await visit(`spanish-${look.name}`, look, { lang: 'es' });
      const { page } = v;
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es-US');
      const region = page.getByRole('region', { name: es.label });
      await region.waitFor();
      const noEnglish = async (where: string) =>
        expect(await englishLeft(page, '.lir-InsuranceFlow, [role=dialog]'), where).toEqual([]);
      expect(englishPhraseCount).toBeGreaterThan(100);
      await noEnglish('application');

      await page.getByRole('button', { name: 'Un solicitante común' }).click();
      await page.getByRole('button', { name: loanApplicationFormMessagesEs.submit }).click();
      await page.getByRole('heading', { name: es.chooseTitle }).waitFor();
      await check(v, 'choose');
      await noEnglish('choose');
      await page.getByRole('button', { name: new RegExp(`^${es.chooseShop}`) }).click();
      await page.getByRole('heading', { name: es.consentTitle }).waitFor();
      await check(v, 'consent');
      await noEnglish('consent');
      await page.getByRole('checkbox', { name: es.consentLabel }).check();
      await page.getByRole('button', { name: es.consentSubmit }).click();
      await page.getByRole('heading', { name: es.quotingTitle }).waitFor();
      await noEnglish('quoting');
      await page.getByRole('heading', { name: es.quotesTitle }).waitFor();
      await page.getByRole('radio').first().waitFor();
      await check(v, 'quotes');
      await noEnglish('quotes');

      const advisor = page.getByRole('region', { name: es.advisorTitle });
      const tcpa = tcpaConsentCheckboxMessagesEs;
      await advisor.getByText(tcpa.disclosure.replace('{lenderName}', LENDER)).waitFor();
      await advisor.getByRole('checkbox', { name: tcpa.label }).click();
      await advisor.locator('.lir-CallScheduler[data-state=ready]').waitFor();
      await advisor.getByRole('button', { name: callSchedulerMessagesEs.schedule }).waitFor();
      await check(v, 'advisor');
      await noEnglish('advisor');

      await page.getByRole('button', { name: es.elsewhereButton }).click();
      await page.getByRole('button', { name: es.elsewhereConfirm }).click();
      await page.getByRole('heading', { name: es.closedTitle }).waitFor();
      await check(v, 'closed');
      await noEnglish('closed');
    },
  );

  it('a rate-limited quote choice says when to try again and disables the choices', async () => {
    const v = await visit('rate-limited', DESKTOP_LIGHT);
    const { page } = v;
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
    // Chromium logs the refused request.
    v.errors.allow(/status of 429/);
    await apply(v);
    await shop(v);
    const radios = page.getByRole('radio');
    await chooseQuote(page, 0);
    await page.locator('.lir-QuoteCards[data-state=rateLimited]').waitFor();
    await page.getByText(/Too many requests\. Try again at/).waitFor();
    // Every quote stays in view (and read out), its choice disabled.
    const count = await page.locator('.lir-QuoteCards input[type=radio]').count();
    expect(count).toBeGreaterThan(0);
    expect(await radios.count(), 'quotes visible while rate limited').toBe(count);
    for (let i = 0; i < count; i++) expect(await radios.nth(i).isDisabled()).toBe(true);
    await shot(page, v.test, 'disabled');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('every step was checked on a phone and a desktop, light and dark', () => {
    const missing = CHECKED.flatMap((step) =>
      LOOKS.filter((look) => !checkedIn.get(step)?.has(look.name)).map(
        (look) => `${step} (${look.name})`,
      ),
    );
    expect(missing).toEqual([]);
  });
});
