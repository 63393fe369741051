import { performance } from 'node:perf_hooks';
import { isErrored, isRated } from '../../src/core/loanStatus.js';
import { createLoanApplicationFixture } from '../../src/testing/createLoanApplicationFixture.js';
import type { FlowResult } from './borrowerFlows.js';
import { MS, sleep } from './borrowerFlows.js';

class GaveUp extends Error {}

/**
 * One borrower's flow on a host without the BFF's economy, through a bare pass-through proxy at
 * `origin` (the service's paths): a page that polls the loan every 2 s (as a host without push
 * would), backing off a 429 as the service's documentation advises (exponential, full jitter, at
 * least any `Retry-After`), with the browser's time-out on every request. Flow `i` of `count`
 * starts `spreadMs * i / count` after the first.
 */
export async function naiveFlow(
  origin: string,
  i: number,
  count: number,
  spreadMs: number,
): Promise<FlowResult> {
  await sleep((spreadMs * i) / count);
  const start = performance.now();
  const until = start + MS.giveUp;
  const result: FlowResult = {
    completed: false,
    quotesMs: undefined,
    browser429: 0,
    timeouts: 0,
  };
  const call = async (method: string, path: string, body?: unknown) => {
    for (let failures = 0; ; failures++) {
      let status = 0;
      let json: Record<string, unknown> | undefined;
      let retryAfter: string | null = null;
      try {
        const res = await fetch(`${origin}${path}`, {
          method,
          headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(MS.browserTimeout),
        });
        status = res.status;
        retryAfter = res.headers.get('retry-after');
        const text = await res.text();
        json = res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined;
      } catch (error) {
        if ((error as Error).name === 'TimeoutError') result.timeouts++;
      }
      if (status !== 0 && status !== 429 && status < 500) return { status, json };
      if (status === 429) result.browser429++;
      const backoff =
        Math.random() * Math.min(MS.naiveBackoffMax, MS.naiveBackoffBase * 2 ** failures);
      const wait = Math.max(backoff, retryAfter ? Number(retryAfter) * 1000 : 0);
      if (performance.now() + wait > until) throw new GaveUp(`gave up (${status || 'timeout'})`);
      await sleep(wait);
    }
  };
  try {
    const created = await call(
      'POST',
      '/v1/loans',
      createLoanApplicationFixture({ loanNumber: `N-${i}` }),
    );
    if (created.status !== 201) throw new GaveUp(`create ${created.status}`);
    const loanId = String(created.json?.id);
    await call('POST', '/v1/loans/consent', { id: loanId, termsOfServiceId: 'tos-1' });
    const shop = await call('PATCH', `/v1/loans/${loanId}/shop`);
    if (shop.status !== 200) throw new GaveUp(`shop ${shop.status}`);
    for (;;) {
      await sleep(MS.naivePoll);
      const loan = await call('GET', `/v1/loans/${loanId}`);
      const status = loan.json?.status as string | undefined;
      if (isRated(status)) break;
      if (isErrored(status)) throw new GaveUp('RC1_ERRORED');
      if (performance.now() > until) throw new GaveUp('gave up (still quoting)');
    }
    const display = await call('GET', `/v1/loans/${loanId}/display`);
    const quoteId = (display.json?.quotes as Array<{ id: string }> | undefined)?.[0]?.id;
    if (!quoteId) throw new GaveUp('no quotes');
    result.quotesMs = performance.now() - start;
    const selected = await call('POST', `/v1/loans/${loanId}/quotes/${quoteId}/select`);
    result.completed = selected.status === 200;
    if (!result.completed) result.failure = `select ${selected.status}`;
  } catch (error) {
    result.failure = (error as Error).message;
  }
  return result;
}
