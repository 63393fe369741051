import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BFF_DEFAULTS } from '../../../src/server/bff/index.js';
import { SERVICE_CLIENT_DEFAULTS } from '../../../src/server/client/serviceClientDefaults.js';
import { BROWSER_REQUEST_TIMEOUT_MS, TimeoutError } from '../../../src/server/index.js';
import { cannedResponder, setup, until } from './helpers.js';

const BFF_DIR = fileURLToPath(new URL('../../../src/server/bff/', import.meta.url));

describe('rate limits and time budgets', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('R5: one session flooding shop gets 429 with Retry-After past its share; another session is still served', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { send, calls, owned } = setup({ sessionRateLimit: { limit: 5, windowMs: 60_000 } });
    owned.get('bob')?.add('loan_a1');
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await send('PATCH', '/loans/loan_a1/shop')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const limited = await send('PATCH', '/loans/loan_a1/shop');
    expect(limited.json.error.code).toBe('rate_limited');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.json.error.retryAfterSeconds).toBe(retryAfter);

    expect((await send('PATCH', '/loans/loan_a1/shop', { session: 'bob' })).status).toBe(200);
    expect(calls).toHaveLength(6);
    // The share counts only rate-limited operations: unlimited ones still pass.
    expect((await send('GET', '/loans/loan_a1/display')).status).toBe(200);
    vi.setSystemTime(Date.now() + 60_001);
    expect((await send('PATCH', '/loans/loan_a1/shop')).status).toBe(200);
  });

  it('R5: the default share is 20 per 60 s, shared by submit, get loan and shop', async () => {
    expect(BFF_DEFAULTS.fairShare).toEqual({ limit: 20, windowMs: 60_000 });
    const { send } = setup();
    for (let i = 0; i < 20; i++)
      expect((await send('PATCH', '/loans/loan_a1/shop')).status).toBe(200);
    expect((await send('PATCH', '/loans/loan_a1/shop')).status).toBe(429);
    expect((await send('POST', '/loans', { body: {} })).status).toBe(400); // validation first, no slot
    expect((await send('GET', '/loans/loan_a1')).status).toBe(429);
  });

  it('R5: cached or coalesced loan reads do not spend the session share', async () => {
    const { send, calls } = setup({ sessionRateLimit: { limit: 1, windowMs: 60_000 } });
    for (let i = 0; i < 5; i++) expect((await send('GET', '/loans/loan_a1')).status).toBe(200);
    expect(calls).toHaveLength(1);
  });

  it('R17 (static): the client deadline (SERVICE_CLIENT_DEFAULTS) is below the browser timeout, and the BFF adds no wait of its own', () => {
    expect(SERVICE_CLIENT_DEFAULTS.deadlineMs).toBeLessThan(BROWSER_REQUEST_TIMEOUT_MS);
    expect(SERVICE_CLIENT_DEFAULTS.deadlineMs).toBe(20_000);
    // The only timers in the BFF: the event stream's heartbeat and session check, the retry of
    // the background subscriptions (keepSubscribed), and in the write journal a request
    // waiting for the first one with its key, for at most 2/3 of the browser's timeout (tested
    // in writeOutcomes), the background writing of an outcome while the store is down, and the
    // watch for a shopped loan's event, which runs after the shop was answered.
    const files = readdirSync(BFF_DIR).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(10);
    const waiting = ['keepSubscribed.ts', 'createWriteJournal.ts', 'createQuotingWatch.ts'];
    for (const file of files.filter((f) => !waiting.includes(f))) {
      const source = readFileSync(`${BFF_DIR}${file}`, 'utf8');
      expect(source, file).not.toMatch(/setTimeout\s*\(|\bsleep\s*\(|AbortSignal\.timeout/);
      if (file !== 'streamLoanEvents.ts') expect(source, file).not.toMatch(/setInterval\s*\(/);
    }
  });

  it('R17: the BFF answers as soon as the client settles (a client at its deadline still answers before the browser gives up)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { raw, calls } = setup({
      responder: (name, options) =>
        new Promise((resolve, reject) =>
          setTimeout(() => {
            if (name === 'getLoan') resolve(cannedResponder(name, options));
            else reject(new TimeoutError());
          }, SERVICE_CLIENT_DEFAULTS.deadlineMs),
        ),
    });
    const start = Date.now();
    let settledAt = 0;
    const pending = [raw('GET', '/loans/loan_a1'), raw('GET', '/loans/loan_a1/display')].map((p) =>
      p.then((r) => {
        settledAt = Math.max(settledAt, Date.now());
        return r.status;
      }),
    );
    await until(() => calls.length === 2);
    await vi.advanceTimersByTimeAsync(SERVICE_CLIENT_DEFAULTS.deadlineMs);
    expect(await Promise.all(pending)).toEqual([200, 504]);
    expect(settledAt - start).toBe(SERVICE_CLIENT_DEFAULTS.deadlineMs);
    expect(settledAt - start).toBeLessThan(BROWSER_REQUEST_TIMEOUT_MS);
  });

  it('R17: a refused session share answers at once instead of queueing', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { raw } = setup({ sessionRateLimit: { limit: 1, windowMs: 60_000 } });
    await raw('PATCH', '/loans/loan_a1/shop');
    // Time stands still: a refusal that waited on a timer would never come.
    expect((await raw('PATCH', '/loans/loan_a1/shop')).status).toBe(429);
  });
});
