// npm run bench:push: push latency, from a `loan.shopped` webhook reaching the receiver to the
// quotes in the borrower's page, in real Chromium pages built with Vite, each following its
// loan on the BFF's event stream as the HTTP adapter does, next to pages polling the BFF every
// 2 s in the same run, and with the partner's rate budget kept full by other borrowers' flows.
//
// Real time throughout: the sandbox's rate limit (100 per 60 s), the service client's (90 per
// 60 s plus 5 s), its 20 s queue deadline, the browser's 30 s timeout and the BFF's defaults.
// Only the sandbox's quoting time is shortened: it ends before the measured interval starts.
//
//   npm run bench:push [-- --shops N] [-- --short]
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../chromium.js';
import { BROWSER_REQUEST_TIMEOUT_MS } from '../../src/core/timeouts.js';
import { SERVICE_CLIENT_DEFAULTS } from '../../src/server/client/serviceClientDefaults.js';
import { startBackgroundLoad } from './push/backgroundLoad.js';
import { buildPushPage } from './push/buildPushPage.js';
import type { PushStack } from './push/startPushStack.js';
import { SESSION_COOKIE, startPushStack } from './push/startPushStack.js';

const TARGET_P95_MS = 250;
/** A page that shows no quotes this long after its webhook came in never rendered them. */
const RENDER_TIMEOUT_MS = BROWSER_REQUEST_TIMEOUT_MS;
const POLL_MS = 2_000;
/**
 * Quoting time in both phases: the webhooks come in spread over a few seconds, the same way in
 * each, and those of the saturated phase once the background flows have filled the window.
 */
const QUOTING: [number, number] = [3_000, 9_000];
/** Other borrowers' flows in the saturated phase. */
const BACKGROUND_FLOWS = 12;
/** Pages opened at once. */
const OPENING = 6;

function parseArgs(argv: string[]) {
  const short = argv.includes('--short');
  const at = argv.indexOf('--shops');
  const shops = at >= 0 ? Number(argv[at + 1]) : 20;
  if (!Number.isInteger(shops) || shops < 1) {
    console.error('--shops takes a whole number of shops per scenario, e.g. --shops 20');
    process.exit(2);
  }
  // Short: as many push pages (a p95 of 20 is not their slowest), half as many polling ones.
  return { shops, polls: short ? Math.ceil(shops / 2) : shops, short };
}

type Mode = 'sse' | 'poll';

interface OpenShop {
  mode: Mode;
  loanId: string;
  cookie: string;
  context: BrowserContext;
  page: Page;
  /** The wall-clock time the page reported its quotes rendered, and what led there. */
  rendered: Promise<{ at: number; timeline: Timeline }>;
  /** Page clock minus Node's clock (ms), and half the round trip it was measured in. */
  skew: { offsetMs: number; uncertaintyMs: number };
}

/** What the page saw (see page/main.tsx), on the wall clock. */
interface Timeline {
  eventAt: number | null;
  reads: Array<{ path: string; startAt: number; endAt: number }>;
  cached: Record<string, number>;
}

/** Where the time went after the webhook came in (ms from it), for push pages. */
interface Steps {
  /** The event reached the page. */
  eventMs: number | null;
  /** The BFF reads the page started after the event: when they started and ended. */
  reads: Array<{ path: string; startMs: number; endMs: number }>;
  /** When the loan's and the display's answers reached the page's query cache. */
  cachedMs: Record<string, number>;
}

interface ShopResult {
  mode: Mode;
  loanId: string;
  /** Webhook in → quotes in the DOM (ms); null when they never came. */
  latencyMs: number | null;
  /** The service client's queue was waiting for a full rate window when the webhook came in. */
  budgetFull: boolean;
  backgroundInFlight: number;
  steps: Steps | null;
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Nearest-rank percentile of ascending `sorted`. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

async function inBatches<T, R>(items: T[], size: number, run: (item: T) => Promise<R>) {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    out.push(...(await Promise.all(items.slice(i, i + size).map(run))));
  }
  return out;
}

/** The page's wall clock against Node's, from the sample with the shortest round trip. */
async function measureSkew(page: Page) {
  let best = { offsetMs: 0, uncertaintyMs: Number.POSITIVE_INFINITY };
  for (let i = 0; i < 5; i++) {
    const before = Date.now();
    const pageNow = await page.evaluate(() => performance.timeOrigin + performance.now());
    const after = Date.now();
    const uncertaintyMs = (after - before) / 2;
    if (uncertaintyMs < best.uncertaintyMs) {
      best = { offsetMs: pageNow - (before + after) / 2, uncertaintyMs };
    }
  }
  return best;
}

/**
 * A borrower's page: a loan (seeded, with consent) in a new session, opened in its own browser
 * context (its own cookies and connections, as another borrower's browser), once it shows the
 * loan waiting for quotes and, with push, its event stream is open.
 */
async function openShop(
  stack: PushStack,
  browser: Browser,
  mode: Mode,
  n: number,
  pageErrors: string[],
): Promise<OpenShop> {
  const session = stack.newSession();
  const loanId = await stack.seedLoan(session.id, n);
  const context = await browser.newContext();
  await context.addCookies([{ name: SESSION_COOKIE, value: session.id, url: stack.origin }]);
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(`${mode} page: ${error.message}`));
  let report: (value: { at: number; timeline: Timeline }) => void = () => undefined;
  const rendered = new Promise<{ at: number; timeline: Timeline }>((resolve) => {
    report = resolve;
  });
  await page.exposeFunction('benchReport', (at: number, timeline: Timeline) =>
    report({ at, timeline }),
  );
  await page.goto(`${stack.origin}/?loan=${encodeURIComponent(loanId)}&mode=${mode}`);
  const ready = { timeout: 60_000, state: 'attached' as const };
  if (mode === 'sse') {
    await page.waitForSelector('.lir-QuoteCards[data-state="waiting"]', ready);
    await page.waitForSelector('[data-connection="open"]', ready);
  } else {
    await page.waitForSelector('[data-poll="waiting"]', ready);
  }
  return {
    mode,
    loanId,
    cookie: session.cookie,
    context,
    page,
    rendered,
    skew: await measureSkew(page),
  };
}

/** Waits for the loan's webhook, then for its page's quotes (or RENDER_TIMEOUT_MS). */
async function measure(
  stack: PushStack,
  shop: OpenShop,
  background: () => number,
): Promise<ShopResult> {
  const arrived = new Promise<void>((resolve) => {
    if (stack.webhookIn.has(shop.loanId)) return resolve();
    const stop = stack.onWebhook((loanId) => {
      if (loanId !== shop.loanId) return;
      stop();
      resolve();
    });
  });
  const timeout = (ms: number) => new Promise<null>((resolve) => setTimeout(resolve, ms, null));
  await Promise.race([arrived, timeout(120_000)]);
  const inbound = stack.webhookIn.get(shop.loanId);
  const base = {
    mode: shop.mode,
    loanId: shop.loanId,
    budgetFull: inbound?.budgetFull ?? false,
    backgroundInFlight: background(),
  };
  if (!inbound) return { ...base, latencyMs: null, steps: null };
  const rendered = await Promise.race([shop.rendered, timeout(RENDER_TIMEOUT_MS)]);
  await shop.context.close();
  if (rendered === null) return { ...base, latencyMs: null, steps: null };
  return {
    ...base,
    latencyMs: rendered.at - inbound.at,
    steps: stepsOf(rendered.timeline, inbound.at),
  };
}

/** The page's timeline from the webhook on: the event, and the reads started since. */
function stepsOf(timeline: Timeline, webhookAt: number): Steps | null {
  if (timeline.eventAt === null) return null;
  const from = timeline.eventAt;
  return {
    eventMs: round(from - webhookAt),
    reads: timeline.reads
      .filter((read) => read.startAt >= webhookAt && !read.path.endsWith('/events'))
      .map((read) => ({
        path: read.path.replace(/\/loans\/[^/]+/, '/loans/:id'),
        startMs: round(read.startAt - webhookAt),
        endMs: round(read.endAt - webhookAt),
      })),
    cachedMs: Object.fromEntries(
      Object.entries(timeline.cached)
        .filter(([, at]) => at >= webhookAt)
        .map(([name, at]) => [name, round(at - webhookAt)]),
    ),
  };
}

/** Medians of the push pages' steps: event in, and each read's start and end. */
function stepMedians(results: ShopResult[]) {
  const steps = results.map((r) => r.steps).filter((s): s is Steps => s !== null);
  const median = (values: number[]) =>
    round(
      percentile(
        [...values].sort((a, b) => a - b),
        50,
      ),
    );
  const out: Record<string, { startMs: number; endMs: number; count: number }> = {
    'event in the page': {
      startMs: median(steps.map((s) => s.eventMs ?? Number.NaN)),
      endMs: median(steps.map((s) => s.eventMs ?? Number.NaN)),
      count: steps.length,
    },
  };
  const paths = [...new Set(steps.flatMap((s) => s.reads.map((r) => r.path)))];
  for (const path of paths) {
    const reads = steps.flatMap((s) => s.reads.filter((r) => r.path === path).slice(0, 1));
    out[`GET ${path}`] = {
      startMs: median(reads.map((r) => r.startMs)),
      endMs: median(reads.map((r) => r.endMs)),
      count: reads.length,
    };
  }
  for (const name of ['loan', 'quoteDisplay']) {
    const at = steps.flatMap((s) => (s.cachedMs[name] === undefined ? [] : [s.cachedMs[name]]));
    out[`${name} in the page's cache`] = {
      startMs: median(at),
      endMs: median(at),
      count: at.length,
    };
  }
  out['quotes rendered'] = {
    startMs: median(results.flatMap((r) => (r.latencyMs === null ? [] : [r.latencyMs]))),
    endMs: Number.NaN,
    count: results.length,
  };
  return out;
}

/** Shops each loan as its borrower's browser would (PATCH …/shop), and checks it was accepted. */
async function shopAll(stack: PushStack, shops: OpenShop[]) {
  await Promise.all(
    shops.map(async (shop) => {
      const answer = await stack.call(shop.cookie, 'PATCH', `/loans/${shop.loanId}/shop`);
      if (answer.status !== 200) {
        throw new Error(`the shop of ${shop.loanId} was answered ${answer.status}: ${answer.text}`);
      }
    }),
  );
}

function summarize(name: string, results: ShopResult[]) {
  const times = results
    .map((r) => r.latencyMs)
    .filter((ms): ms is number => ms !== null)
    .sort((a, b) => a - b);
  return {
    scenario: name,
    shops: results.length,
    rendered: times.length,
    neverRendered: results.length - times.length,
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
    maxMs: round(times.at(-1) ?? Number.NaN),
    budgetFullAtWebhook: results.filter((r) => r.budgetFull).length,
  };
}

/** Idle budget: SSE pages and polling pages side by side, shopped together. */
async function idlePhase(
  browser: Browser,
  pageDir: string,
  shops: number,
  polls: number,
  pageErrors: string[],
) {
  const stack = await startPushStack({ pageDir, quoteDelayMs: QUOTING });
  try {
    // Interleaved, so both kinds open and are shopped under the same conditions.
    const modes: Mode[] = Array.from({ length: Math.max(shops, polls) }, (_, i) => [
      ...(i < shops ? (['sse'] as const) : []),
      ...(i < polls ? (['poll'] as const) : []),
    ]).flat();
    const open = await inBatches(
      modes.map((mode, i) => ({ mode, i })),
      OPENING,
      ({ mode, i }) => openShop(stack, browser, mode, i, pageErrors),
    );
    await shopAll(stack, open);
    const results = await Promise.all(open.map((shop) => measure(stack, shop, () => 0)));
    const calls = limitedCalls(stack);
    return {
      results,
      skews: open.map((s) => s.skew),
      budget: { ...stack.budget },
      rateLimitedCalls: calls,
      bffErrors: [...stack.errors],
    };
  } finally {
    await stack.close();
  }
}

/**
 * Saturated budget: the client's window pre-filled as by the last minute's traffic, the
 * measured loans shopped, then other borrowers' flows keep the window full while their
 * webhooks come in.
 */
async function saturatedPhase(
  browser: Browser,
  pageDir: string,
  shops: number,
  pageErrors: string[],
) {
  const { limit } = SERVICE_CLIENT_DEFAULTS.rateLimit;
  // Room for the pages' first loan reads and the shops, and a little for the background to take.
  const prefill = Math.max(0, limit - 2 * shops - 4);
  const stack = await startPushStack({ pageDir, quoteDelayMs: QUOTING, prefill });
  try {
    const open = await inBatches(
      Array.from({ length: shops }, (_, i) => i),
      OPENING,
      (i) => openShop(stack, browser, 'sse', i, pageErrors),
    );
    await shopAll(stack, open);
    const background = startBackgroundLoad(stack, BACKGROUND_FLOWS);
    const results = await Promise.all(
      open.map((shop) => measure(stack, shop, () => background.stats.inFlight)),
    );
    background.stop();
    return {
      prefill,
      results,
      skews: open.map((s) => s.skew),
      budget: { ...stack.budget },
      background: { ...background.stats },
      rateLimitedCalls: limitedCalls(stack),
      bffErrors: [...stack.errors],
    };
  } finally {
    await stack.close();
  }
}

function limitedCalls(stack: PushStack) {
  const { requests } = stack.sandbox.stats();
  return (requests.submitLoanApplication ?? 0) + (requests.getLoan ?? 0) + (requests.shopLoan ?? 0);
}

const { shops, polls, short } = parseArgs(process.argv.slice(2));
const started = Date.now();
const loadBefore = loadavg()[0] ?? 0;
const pageDir = await buildPushPage();
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  // Each page stands for a borrower looking at it: none is throttled as a hidden tab would be.
  args: [
    ...CHROMIUM_ARGS,
    '--disable-background-timer-throttling',
    '--disable-renderer-backgrounding',
    '--disable-backgrounding-occluded-windows',
  ],
});
const pageErrors: string[] = [];
let idle: Awaited<ReturnType<typeof idlePhase>>;
let saturated: Awaited<ReturnType<typeof saturatedPhase>>;
try {
  idle = await idlePhase(browser, pageDir, shops, polls, pageErrors);
  saturated = await saturatedPhase(browser, pageDir, shops, pageErrors);
} finally {
  await browser.close();
  await rm(pageDir, { recursive: true, force: true });
}

const rows = [
  summarize(
    'push (SSE), idle budget',
    idle.results.filter((r) => r.mode === 'sse'),
  ),
  summarize(
    `polling every ${POLL_MS / 1000} s, idle budget`,
    idle.results.filter((r) => r.mode === 'poll'),
  ),
  summarize('push (SSE), budget saturated', saturated.results),
];
const [sseIdle, polling, sseSaturated] = rows as [
  ReturnType<typeof summarize>,
  ReturnType<typeof summarize>,
  ReturnType<typeof summarize>,
];
const skews = [...idle.skews, ...saturated.skews];
const offsets = skews.map((s) => s.offsetMs).sort((a, b) => a - b);
const never = rows.reduce((sum, row) => sum + row.neverRendered, 0);
const pass = sseSaturated.p95Ms <= TARGET_P95_MS && never === 0;
const { limit, windowMs, latencyAllowanceMs } = SERVICE_CLIENT_DEFAULTS.rateLimit;

console.log(
  `Push latency: webhook in → quotes in the page (Chromium), ${shops} push pages per scenario and ${polls} polling${short ? ' (--short)' : ''}\n`,
);
console.table(rows);
console.log('\nWhere push spends it (medians, ms after the webhook came in):\n');
console.log('Idle budget:');
console.table(stepMedians(idle.results.filter((r) => r.mode === 'sse')));
console.log('Budget saturated:');
console.table(stepMedians(saturated.results));
console.log(`
Ratios (same run):
  push p95 / polling p95, idle budget       ${round(sseIdle.p95Ms / polling.p95Ms, 3)}
  push p95 / polling p95, budget saturated  ${round(sseSaturated.p95Ms / polling.p95Ms, 3)}
  push p95 saturated / push p95 idle        ${round(sseSaturated.p95Ms / sseIdle.p95Ms, 2)}

Time scale: real time. Rate limits ${limit} per ${(windowMs + latencyAllowanceMs) / 1000} s at the service client (the sandbox: 100 per 60 s), queue deadline ${SERVICE_CLIENT_DEFAULTS.deadlineMs / 1000} s, browser timeout ${BROWSER_REQUEST_TIMEOUT_MS / 1000} s, BFF defaults. Only quoting is shortened (${QUOTING[0] / 1000}-${QUOTING[1] / 1000} s instead of 30-45 s): it ends before the measured interval.
Clocks: webhook in = Date.now() in Node as the delivery reaches the receiver (1 ms); rendered = performance.timeOrigin + performance.now() in the page when the quotes are in the DOM (a MutationObserver; Chromium gives 0.1 ms). Page clock minus Node clock: median ${round(percentile(offsets, 50), 2)} ms, range ${round(offsets[0] ?? 0, 2)}..${round(offsets.at(-1) ?? 0, 2)} ms (each ± ${round(Math.max(...skews.map((s) => s.uncertaintyMs)), 2)} ms at most), not corrected.
Idle budget: ${idle.rateLimitedCalls} rate-limited upstream calls; the client's window was full ${idle.budget.refused} times.
Saturated budget: the client's window pre-filled with ${saturated.prefill} of its ${limit} slots (spread over the last window), then ${BACKGROUND_FLOWS} other borrowers' flows (create, consent, shop, read) through the same BFF: ${saturated.background.requests} requests, ${saturated.background.refused} answered 429; the queue found the window full ${saturated.budget.refused} times; ${sseSaturated.budgetFullAtWebhook} of ${sseSaturated.shops} webhooks came in while callers waited for it.`);
const inFlight = saturated.results.map((r) => r.backgroundInFlight).sort((a, b) => a - b);
console.log(
  `Background requests waiting at the BFF when a webhook came in: ${inFlight[0]}-${inFlight.at(-1)} of ${BACKGROUND_FLOWS}.`,
);
console.log(
  `Machine: ${availableParallelism()} cores, load average (1 min) ${round(loadBefore, 1)} at the start, ${round(loadavg()[0] ?? 0, 1)} at the end: the figures are ratios of one run for this reason.`,
);
const errors = [...new Set([...pageErrors, ...idle.bffErrors, ...saturated.bffErrors])];
if (errors.length > 0) console.log(`\nErrors seen:\n  ${errors.slice(0, 10).join('\n  ')}`);
console.log(
  `\n${pass ? 'PASS' : 'FAIL'}: push p95 with the budget saturated ${sseSaturated.p95Ms} ms (target ≤ ${TARGET_P95_MS} ms); never rendered: ${never}. (${round((Date.now() - started) / 1000, 0)} s)`,
);
await mkdir('.bench', { recursive: true });
await writeFile(
  '.bench/push.json',
  `${JSON.stringify({ shops, rows, idle, saturated: { ...saturated }, pass }, null, 2)}\n`,
);
process.exit(pass ? 0 : 1);
