// The borrower flows that bench:bff and bench:redis run against BFFs, and how they are summed
// up. Times are divided by SCALE (10): 3-4.5 s of quoting for the service's 30-45 s, and 6 s
// rate-limit windows for its 60 s ones (100 calls per window at the sandbox, 90 at the client).
import { performance } from 'node:perf_hooks';
import type { ServiceClientOptions } from '../../src/server/client/ServiceClientOptions.js';
import { createLoanApplicationFixture } from '../../src/testing/createLoanApplicationFixture.js';
import type { ApiResponse } from '../support/readResponse.js';

export const SCALE = 10;
export const FLOWS = Number(process.env.BENCH_FLOWS ?? 100);
/** The service client's default queue deadline for a rate-limit slot. */
export const QUEUE_DEADLINE_MS = 20_000;
export const sandboxOptions = {
  quoteDelayMs: [30_000 / SCALE, 45_000 / SCALE] as [number, number],
  rateLimit: { limit: 100, windowMs: 60_000 / SCALE },
};
/** The service client's options: 90 of the sandbox's 100 calls per window, `deadlineMs` queued. */
export const economyClient = (deadlineMs: number): Partial<ServiceClientOptions> => ({
  rateLimit: { limit: 90, windowMs: 60_000 / SCALE, latencyAllowanceMs: 5_000 / SCALE },
  deadlineMs,
});
const LIMITED = ['submitLoanApplication', 'getLoan', 'shopLoan'] as const;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function limitedCalls(stats: { requests: Partial<Record<string, number>> }) {
  return LIMITED.reduce((sum, name) => sum + (stats.requests[name] ?? 0), 0);
}

export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export interface FlowResult {
  completed: boolean;
  browser429: number;
  ms: number;
}

/** A browser of one session on one BFF instance (see startCluster). */
export interface FlowBrowser {
  call(method: string, path: string, body?: unknown): Promise<ApiResponse>;
}

/** Which BFF a flow sends each of its requests to. */
export interface FlowBrowsers {
  /** POST /loans. */
  create: FlowBrowser;
  /** GET /loans/:id/events, polled until the loan is shopped. */
  events: FlowBrowser;
  /** Consent, shop, the loan, its display and the selection. */
  rest: FlowBrowser;
}

/**
 * One borrower's flow through the BFF: events come back pushed, nothing polls the service.
 * When the BFF has queued a call past its deadline the browser gets a 429 with Retry-After,
 * which it honours (as the HTTP adapter does) when `retry` is set.
 */
async function borrowerFlow(i: number, browsers: FlowBrowsers, retry: boolean) {
  const start = performance.now();
  let browser429 = 0;
  const call = async (b: FlowBrowser, method: string, path: string, body?: unknown) => {
    for (let attempt = 0; ; attempt++) {
      const res = await b.call(method, path, body);
      if (res.status !== 429) return res;
      browser429++;
      if (!retry || attempt === 20) return res;
      // A 429 was not processed, so the same request may be sent again after the wait.
      await sleep(Number(res.headers.get('retry-after') ?? 1) * 1000);
    }
  };
  const { create, events, rest } = browsers;
  const created = await call(
    create,
    'POST',
    '/loans',
    createLoanApplicationFixture({ loanNumber: `B-${i}` }),
  );
  if (created.status !== 201)
    return { completed: false, browser429, ms: performance.now() - start };
  const loanId: string = created.json.id;
  await call(rest, 'POST', `/loans/${loanId}/consent`, { termsOfServiceId: 'tos-1' });
  const shop = await call(rest, 'PATCH', `/loans/${loanId}/shop`);
  if (shop.status !== 200) return { completed: false, browser429, ms: performance.now() - start };
  // What the HTTP adapter's polling fallback does: ask the BFF (not the service) for events.
  let cursor = '';
  let shopped = false;
  const giveUp = performance.now() + 60_000;
  while (!shopped && performance.now() < giveUp) {
    const page = await call(
      events,
      'GET',
      `/loans/${loanId}/events${cursor ? `?after=${cursor}` : ''}`,
    );
    shopped = page.json.events.some(
      (e: { event: { type: string } }) => e.event.type === 'loan.shopped',
    );
    cursor = page.json.cursor ?? cursor;
    if (!shopped) await sleep(250);
  }
  const loan = await call(rest, 'GET', `/loans/${loanId}`); // the page shows the new status once
  const display = await call(rest, 'GET', `/loans/${loanId}/display`);
  const quoteId = display.json?.quotes?.[0]?.id;
  const selected = quoteId
    ? await call(rest, 'POST', `/loans/${loanId}/quotes/${quoteId}/select`)
    : undefined;
  return {
    completed: shopped && loan.status === 200 && selected?.status === 200,
    browser429,
    ms: performance.now() - start,
  };
}

/** {@link FLOWS} concurrent borrower flows; flow `i` talks to the BFFs `browsers(i)` names. */
export function runFlows(
  browsers: (i: number) => FlowBrowsers,
  retry: boolean,
): Promise<FlowResult[]> {
  return Promise.all(Array.from({ length: FLOWS }, (_, i) => borrowerFlow(i, browsers(i), retry)));
}

export function summarize(
  name: string,
  results: FlowResult[],
  limited: number,
  serviceRefusals: number,
) {
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  return {
    name,
    flows: results.length,
    completed: results.filter((r) => r.completed).length,
    rateLimitedUpstreamCallsPerFlow: limited / results.length,
    browser429s: results.reduce((s, r) => s + r.browser429, 0),
    service429s: serviceRefusals,
    flowMsP50: Math.round(percentile(times, 50)),
    flowMsMax: Math.round(times.at(-1) ?? 0),
  };
}
