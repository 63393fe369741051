// The borrower flows that bench:bff and bench:redis run against BFFs, and how they are summed
// up. Every duration of the service, the BFF, the service client and the browser is divided by
// the same SCALE, so a run takes seconds while every wait keeps its proportion to every other
// (a queue deadline stays below the browser's timeout, a Retry-After is waited for in the same
// clock as the window it comes from). Figures are reported back in real-time-equivalent seconds.
import { performance } from 'node:perf_hooks';
import { createHttpAdapter } from '../../src/adapter/createHttpAdapter.js';
import type { InsuranceAdapter } from '../../src/adapter/InsuranceAdapter.js';
import { newIdempotencyKey } from '../../src/adapter/newIdempotencyKey.js';
import { InsuranceError } from '../../src/core/errors/InsuranceError.js';
import type { RateLimitedError } from '../../src/core/errors/RateLimitedError.js';
import { isErrored, isRated } from '../../src/core/loanStatus.js';
import type { LoanEvent } from '../../src/core/schemas/loanEvent.js';
import { BROWSER_REQUEST_TIMEOUT_MS } from '../../src/core/timeouts.js';
import { retryTransient } from '../../src/hooks/retryTransient.js';
import { BFF_DEFAULTS } from '../../src/server/bff/bffDefaults.js';
import type { InsuranceBffOptions } from '../../src/server/bff/InsuranceBffOptions.js';
import type { ServiceClientOptions } from '../../src/server/client/ServiceClientOptions.js';
import { SERVICE_CLIENT_DEFAULTS } from '../../src/server/client/serviceClientDefaults.js';
import { createLoanApplicationFixture } from '../../src/testing/createLoanApplicationFixture.js';

/** `--short`: fewer flows and a faster clock, a smoke run of well under a minute. */
export const SHORT = process.argv.includes('--short');
/** Every duration below is divided by this. */
export const SCALE = Number(process.env.BENCH_SCALE ?? (SHORT ? 10 : 5));
/** Flows started at the same instant. */
export const FLOWS = Number(process.env.BENCH_FLOWS ?? (SHORT ? 40 : 100));

const client = SERVICE_CLIENT_DEFAULTS;
const bff = BFF_DEFAULTS;

/**
 * The real durations (ms) the bench scales: the service's, and the library's own defaults for the
 * service client, the BFF and the browser, so the bench follows them when they change.
 */
export const REAL_MS = {
  /** The service: quoting time, its rate-limit window (100 calls). */
  quotingMin: 30_000,
  quotingMax: 45_000,
  serviceWindow: 60_000,
  /** The service client: its window (90 calls), latency allowance, queue deadline, retries. */
  clientWindow: client.rateLimit.windowMs,
  latencyAllowance: client.rateLimit.latencyAllowanceMs,
  queueDeadline: client.deadlineMs,
  attemptTimeout: client.timeoutMs,
  clientRetryBase: client.retry.baseDelayMs,
  clientRetryMax: client.retry.maxDelayMs,
  maxRetryAfter: client.retry.maxRetryAfterMs,
  /** The BFF: per-session share and write windows, kept loans, heartbeats, quoting watchdog. */
  fairShareWindow: bff.fairShare.windowMs,
  sessionWritesWindow: bff.sessionLimits.writes.windowMs,
  loanCacheTtl: bff.loanCacheTtlMs,
  heartbeat: bff.heartbeatMs,
  sessionCheck: bff.sessionCheckMs,
  quotingEventTimeout: bff.quotingEventTimeoutMs,
  /** The browser (the HTTP adapter's defaults; React Query's retry delay, 1 s doubling to 30 s). */
  browserTimeout: BROWSER_REQUEST_TIMEOUT_MS,
  eventPoll: 3_000,
  hookRetryBase: 1_000,
  hookRetryMax: 30_000,
  /** A host without push: it polls the loan every 2 s and backs off 429s from 1 s to 32 s. */
  naivePoll: 2_000,
  naiveBackoffBase: 1_000,
  naiveBackoffMax: 32_000,
  /** A borrower who has waited this long for quotes has left. */
  giveUp: 240_000,
  /** The paced scenario spreads its flows over this. */
  pacedSpread: 60_000,
} as const;

/** {@link REAL_MS}, each divided by {@link SCALE}: what this run waits. */
export const MS = Object.fromEntries(
  Object.entries(REAL_MS).map(([name, ms]) => [name, ms / SCALE]),
) as { [K in keyof typeof REAL_MS]: number };

/** Real-time-equivalent seconds of a duration measured in this run. */
export const realSeconds = (ms: number) => Math.round((ms * SCALE) / 100) / 10;

export const sandboxOptions = {
  quoteDelayMs: [MS.quotingMin, MS.quotingMax] as [number, number],
  rateLimit: { limit: 100, windowMs: MS.serviceWindow },
};

/** The service client's options, every duration scaled: 90 of the service's 100 per window. */
export const economyClient = (): Partial<ServiceClientOptions> => ({
  rateLimit: {
    limit: client.rateLimit.limit,
    windowMs: MS.clientWindow,
    latencyAllowanceMs: MS.latencyAllowance,
  },
  deadlineMs: MS.queueDeadline,
  timeoutMs: MS.attemptTimeout,
  retry: {
    baseDelayMs: MS.clientRetryBase,
    maxDelayMs: MS.clientRetryMax,
    maxRetryAfterMs: MS.maxRetryAfter,
  },
});

/** The BFF's own durations, scaled (its defaults otherwise). */
export const economyBff = (): Partial<InsuranceBffOptions<{ id: string }>> => ({
  fairShare: { limit: bff.fairShare.limit, windowMs: MS.fairShareWindow },
  sessionLimits: {
    writes: { limit: bff.sessionLimits.writes.limit, windowMs: MS.sessionWritesWindow },
  },
  loanCacheTtlMs: MS.loanCacheTtl,
  heartbeatMs: MS.heartbeat,
  sessionCheckMs: MS.sessionCheck,
  quotingEventTimeoutMs: MS.quotingEventTimeout,
});

const LIMITED = ['submitLoanApplication', 'getLoan', 'shopLoan'] as const;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function limitedCalls(stats: { requests: Partial<Record<string, number>> }) {
  return LIMITED.reduce((sum, name) => sum + (stats.requests[name] ?? 0), 0);
}

export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** How one flow went. Times are in this run's (scaled) milliseconds. */
export interface FlowResult {
  completed: boolean;
  /** From the flow's start to the quote display in hand; undefined when it never came. */
  quotesMs: number | undefined;
  /** 429s the browser got (each waited for and sent again). */
  browser429: number;
  /** Requests the browser gave up on at its timeout (each sent again, as the hooks do). */
  timeouts: number;
  /** Why it did not complete. */
  failure?: string;
}

/** A browser of one session: the HTTP adapter pointed at one BFF instance. */
export function browserAdapter(origin: string, sessionHeader: Record<string, string>) {
  return createHttpAdapter({
    baseUrl: `${origin}/api/insurance`,
    headers: sessionHeader,
    timeoutMs: MS.browserTimeout,
    pollIntervalMs: MS.eventPoll,
  });
}

/** Which BFF instance a flow sends each of its requests to (one adapter per instance). */
export interface FlowBrowsers {
  /** The application. */
  create: InsuranceAdapter;
  /** The loan's event stream. */
  events: InsuranceAdapter;
  /** Consent, shop, the loan, its display and the selection. */
  rest: InsuranceAdapter;
}

class GaveUp extends Error {}

/**
 * One step of a flow, retried the way the hooks and the portal do: a 429 disables the action
 * until its `Retry-After` (`retryAt`), then the borrower tries again with the same intent (the
 * same idempotency key); a time-out, network error or 5xx is retried with React Query's delay
 * (1 s doubling, 30 s cap). A refusal asking again cannot change ends the flow.
 */
async function step<T>(result: FlowResult, until: number, send: () => Promise<T>): Promise<T> {
  for (let failures = 0; ; failures++) {
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof InsuranceError)) throw error;
      let wait: number;
      if (error.code === 'rate_limited') {
        result.browser429++;
        wait = (error as RateLimitedError).retryAfterMs ?? MS.hookRetryBase;
      } else if (retryTransient(0, error)) {
        if (error.code === 'timeout') result.timeouts++;
        wait = Math.min(MS.hookRetryMax, MS.hookRetryBase * 2 ** failures);
      } else throw error;
      if (performance.now() + wait > until) throw new GaveUp(error.code);
      await sleep(wait);
    }
  }
}

/**
 * One borrower's flow through the BFF with the HTTP adapter, as the portal runs it: the
 * application, consent, shop, the loan's events over server-sent events until `loan.shopped`,
 * then the loan (its status shows once), the quote display and a selection.
 */
async function borrowerFlow(i: number, browsers: FlowBrowsers): Promise<FlowResult> {
  const start = performance.now();
  const until = start + MS.giveUp;
  const result: FlowResult = { completed: false, quotesMs: undefined, browser429: 0, timeouts: 0 };
  const { create, events, rest } = browsers;
  let stop = () => {};
  try {
    const createKey = newIdempotencyKey();
    const loan = await step(result, until, () =>
      create.createLoanApplication(createLoanApplicationFixture({ loanNumber: `B-${i}` }), {
        idempotencyKey: createKey,
      }),
    );
    const shopped = new Promise<LoanEvent>((resolve, reject) => {
      stop = events.subscribe(
        loan.id,
        (event) => {
          if (event.type === 'loan.shopped') resolve(event);
        },
        { onError: reject },
      );
    });
    shopped.catch(() => undefined);
    const consentKey = newIdempotencyKey();
    await step(result, until, () =>
      rest.recordConsent(
        { id: loan.id, termsOfServiceId: 'tos-1' },
        { idempotencyKey: consentKey },
      ),
    );
    const shopKey = newIdempotencyKey();
    await step(result, until, () => rest.shopLoan(loan.id, { idempotencyKey: shopKey }));
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      shopped,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new GaveUp('no loan.shopped')), until - performance.now());
      }),
    ]).finally(() => clearTimeout(timer));
    stop();
    const rated = await step(result, until, () => rest.getLoan(loan.id));
    if (!isRated(rated.status)) {
      result.failure = isErrored(rated.status) ? 'RC1_ERRORED' : `status ${rated.status}`;
      return result;
    }
    const display = await step(result, until, () => rest.getQuoteDisplay(loan.id));
    const quoteId = display.quotes?.[0]?.id;
    if (!quoteId) {
      result.failure = 'no quotes';
      return result;
    }
    result.quotesMs = performance.now() - start;
    const selectKey = newIdempotencyKey();
    await step(result, until, () =>
      rest.selectQuote(loan.id, quoteId, { idempotencyKey: selectKey }),
    );
    result.completed = true;
  } catch (error) {
    result.failure =
      error instanceof GaveUp
        ? `gave up (${error.message})`
        : error instanceof InsuranceError
          ? error.code
          : String(error);
  } finally {
    stop();
  }
  return result;
}

/**
 * {@link FLOWS} borrower flows (or `count`); flow `i` talks to the BFFs `browsers(i)` names and
 * starts `spreadMs * i / count` after the first (all at once by default).
 */
export function runFlows(
  browsers: (i: number) => FlowBrowsers,
  { count = FLOWS, spreadMs = 0 }: { count?: number; spreadMs?: number } = {},
): Promise<FlowResult[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      await sleep((spreadMs * i) / count);
      return borrowerFlow(i, browsers(i));
    }),
  );
}

/** One scenario's row: counts, and times to quotes in real-time-equivalent seconds. */
export function summarize(
  name: string,
  results: FlowResult[],
  limited: number,
  serviceRefusals: number,
) {
  // Over every flow: one that never got its quotes counts as never, not as left out.
  const times = results.map((r) => r.quotesMs ?? Number.POSITIVE_INFINITY).sort((a, b) => a - b);
  const seconds = (ms: number) => (Number.isFinite(ms) ? realSeconds(ms) : 'never');
  const failures = new Map<string, number>();
  for (const r of results) {
    if (r.failure) failures.set(r.failure, (failures.get(r.failure) ?? 0) + 1);
  }
  return {
    name,
    flows: results.length,
    completed: results.filter((r) => r.completed).length,
    rateLimitedUpstreamCallsPerFlow: Math.round((limited / results.length) * 100) / 100,
    browser429s: results.reduce((s, r) => s + r.browser429, 0),
    browserTimeouts: results.reduce((s, r) => s + r.timeouts, 0),
    service429s: serviceRefusals,
    quotesSecondsP50: seconds(percentile(times, 50)),
    quotesSecondsP95: seconds(percentile(times, 95)),
    quotesSecondsMax: seconds(times.at(-1) ?? Number.NaN),
    failures: [...failures].map(([why, n]) => `${n} ${why}`).join(', ') || 'none',
  };
}
