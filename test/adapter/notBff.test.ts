import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventConnectionState } from '../../src/adapter/index.js';
import { createHttpAdapter } from '../../src/adapter/index.js';
import type { InsuranceError } from '../../src/core/index.js';
import {
  NotBffResponseError,
  NotFoundError,
  RateLimitedError,
  ServiceError,
  UnauthorizedError,
} from '../../src/core/index.js';
import { retryTransient } from '../../src/hooks/index.js';
import type { SeenRequest } from './support.js';
import { loanBody, recordRequests, settle } from './support.js';

/** The 404 page a host's framework serves for a path it does not know. */
const NOT_FOUND_PAGE =
  '<!DOCTYPE html><html><head><title>404: This page could not be found</title></head>' +
  '<body><div id="__next"><h1>404</h1><p>This page could not be found.</p></div></body></html>';
/** What a single-page app's fallback serves for every unknown path. */
const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Acme Home Loans</title>' +
  '<script type="module" src="/assets/index-4f2a.js"></script></head><body><div id="root"></div></body></html>';

const html = (body: string, status: number) =>
  new HttpResponse(body, { status, headers: { 'Content-Type': 'text/html; charset=utf-8' } });

const isStream = (r: SeenRequest) => r.headers.get('accept') === 'text/event-stream';

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('the call should have failed'),
    (e: unknown) => e as InsuranceError,
  );

describe('a baseUrl that does not reach the BFF', () => {
  it("a typo answered by the host's HTML 404 page names the request and the setting to fix, never the page", async () => {
    recordRequests(() => html(NOT_FOUND_PAGE, 404));
    const adapter = createHttpAdapter({ baseUrl: '/api/insurnce' });

    const error = await failure(adapter.getLoan('ln_1'));

    expect(error).toBeInstanceOf(NotBffResponseError);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({
      code: 'service_error',
      serviceCode: 'not_bff',
      status: 404,
      method: 'GET',
      url: '/api/insurnce/loans/ln_1',
      received: 'html',
    });
    expect(error.message).toBe(
      'GET /api/insurnce/loans/ln_1 answered 404 with an HTML page, not the insurance BFF: check `baseUrl` in createHttpAdapter (now "/api/insurnce") and that the BFF handler is mounted there.',
    );
    expect(error.message).not.toMatch(/<|could not be found|__next/);
    // Asking again gets the same page.
    expect(retryTransient(0, error)).toBe(false);
  });

  it('tells the developer once per adapter in the console, however many requests fail', async () => {
    recordRequests(() => html(NOT_FOUND_PAGE, 404));
    const adapter = createHttpAdapter({ baseUrl: '/api/insurnce' });

    const first = await failure(adapter.getLoan('ln_1'));
    await failure(adapter.getQuoteDisplay('ln_1'));
    await failure(adapter.shopLoan('ln_1'));

    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(consoleError).toHaveBeenCalledWith(`lender-insurance-react: ${first.message}`);
  });

  it("a single-page app's index.html answered with 200 is the same mistake, not a success", async () => {
    recordRequests(() => html(INDEX_HTML, 200));
    const error = await failure(createHttpAdapter({ baseUrl: '/insurance' }).getLoan('ln_1'));

    expect(error).toBeInstanceOf(NotBffResponseError);
    expect(error.message).toBe(
      'GET /insurance/loans/ln_1 answered 200 with an HTML page, not the insurance BFF: check `baseUrl` in createHttpAdapter (now "/insurance") and that the BFF handler is mounted there.',
    );
    expect(error.message).not.toMatch(/<|Acme|assets/);
    expect(consoleError).toHaveBeenCalledTimes(1);
  });

  it('a write answered by index.html fails the same way, so nobody believes it went through', async () => {
    recordRequests(() => html(INDEX_HTML, 200));
    const error = await failure(
      createHttpAdapter({ baseUrl: '/insurance' }).selectQuote('ln_1', 'q_1'),
    );
    expect(error).toMatchObject({
      serviceCode: 'not_bff',
      method: 'POST',
      url: '/insurance/loans/ln_1/quotes/q_1/select',
    });
  });

  it("JSON without the BFF's error body on an error status is another server's too", async () => {
    recordRequests(() =>
      HttpResponse.json({ message: 'Cannot GET /api/insurnce/loans/ln_1' }, { status: 404 }),
    );
    const error = await failure(createHttpAdapter({ baseUrl: '/api/insurnce' }).getLoan('ln_1'));

    expect(error).toMatchObject({ serviceCode: 'not_bff', status: 404, received: 'json' });
    expect(error.message).toBe(
      'GET /api/insurnce/loans/ln_1 answered 404 with JSON in another format, not the insurance BFF: check `baseUrl` in createHttpAdapter (now "/api/insurnce") and that the BFF handler is mounted there.',
    );
  });

  it("a static host's empty 405 to a write names the request", async () => {
    recordRequests(() => new HttpResponse(null, { status: 405 }));
    const error = await failure(createHttpAdapter().shopLoan('ln_1'));
    expect(error).toMatchObject({ serviceCode: 'not_bff', status: 405, received: 'empty' });
    expect(error.message).toMatch(
      /^PATCH \/api\/insurance\/loans\/ln_1\/shop answered 405 with an empty body, not the insurance BFF: check `baseUrl`/,
    );
  });

  it("a proxy's 502 page says the BFF did not answer, and stays worth retrying", async () => {
    recordRequests(() => html('<html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>', 502));
    const error = await failure(createHttpAdapter().getLoan('ln_1'));

    expect(error).toMatchObject({ serviceCode: 'not_bff', status: 502 });
    expect(error.message).toBe(
      'GET /api/insurance/loans/ln_1 answered 502 with an HTML page, not the insurance BFF: the BFF did not answer (a proxy or the host\'s server did); check that it is running and mounted at `baseUrl` in createHttpAdapter (now "/api/insurance").',
    );
    expect(retryTransient(0, error)).toBe(true);
  });

  it('a redirect to a sign-in page says where it ended, and how to fix it', async () => {
    const login = Object.defineProperties(html('<html><form>Sign in</form></html>', 200), {
      redirected: { value: true },
      url: { value: `${location.origin}/login?next=%2Fapi%2Finsurance%2Floans%2Fln_1` },
    });
    const error = await failure(createHttpAdapter({ fetch: async () => login }).getLoan('ln_1'));

    expect(error.message).toBe(
      `GET /api/insurance/loans/ln_1 answered 200 with an HTML page after a redirect to ${location.origin}/login, not the insurance BFF: check \`baseUrl\` in createHttpAdapter (now "/api/insurance") and that the BFF handler is mounted there. A sign-in page should answer requests to the BFF with 401.`,
    );
  });

  it('never shows credentials or a query from the URL', async () => {
    const error = await failure(
      createHttpAdapter({
        baseUrl: 'https://portal:s3cret@bff.example.com/api/insurnce',
        fetch: async () => html(NOT_FOUND_PAGE, 404),
      }).getLoan('ln_1'),
    );
    expect(error.message).toContain('GET https://bff.example.com/api/insurnce/loans/ln_1 answered');
    expect(error.message).toContain('(now "https://bff.example.com/api/insurnce")');
    expect(error.message).not.toContain('s3cret');
  });

  it('prints nothing in a production build, and still fails with the same error', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    recordRequests(() => html(NOT_FOUND_PAGE, 404));
    const error = await failure(createHttpAdapter({ baseUrl: '/api/insurnce' }).getLoan('ln_1'));
    expect(error).toBeInstanceOf(NotBffResponseError);
    expect(consoleError).not.toHaveBeenCalled();
  });
});

describe("answers that mean the same whoever sends them, and the BFF's own", () => {
  it("a 401 page from the host's auth in front of the BFF is an UnauthorizedError without the page", async () => {
    recordRequests(() => html('<html><body>Please sign in</body></html>', 401));
    const error = await failure(createHttpAdapter().getLoan('ln_1'));
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error.message).toBe('Not authorized');
    expect(consoleError).not.toHaveBeenCalled();
  });

  it("a CDN's 429 page is a RateLimitedError with its Retry-After, without the page", async () => {
    recordRequests(() => {
      const page = html('<html><body><h1>429 Too Many Requests</h1></body></html>', 429);
      page.headers.set('Retry-After', '7');
      return page;
    });
    const error = await failure(createHttpAdapter().getLoan('ln_1'));
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterMs).toBe(7_000);
    expect(error.message).toBe('Rate limit exceeded');
    expect(consoleError).not.toHaveBeenCalled();
  });

  it("tells the BFF's own answers (its 404, an empty 204) from another server's on one adapter", async () => {
    recordRequests((r) =>
      r.url.endsWith('/loan-contacts')
        ? new HttpResponse(null, { status: 204 })
        : r.url.endsWith('ln_1')
          ? HttpResponse.json(
              { error: { code: 'not_found', message: 'Not found' } },
              { status: 404 },
            )
          : r.url.endsWith('ln_2')
            ? HttpResponse.json(loanBody('ln_2'))
            : html(INDEX_HTML, 200),
    );
    const adapter = createHttpAdapter();
    await expect(adapter.getLoan('ln_1')).rejects.toBeInstanceOf(NotFoundError);
    await expect(adapter.getLoan('ln_2')).resolves.toMatchObject({ id: 'ln_2' });
    await expect(adapter.updateLoanContacts('ln_2', [])).resolves.toBeUndefined();
    expect(consoleError).not.toHaveBeenCalled();

    await expect(adapter.getLoan('ln_3')).rejects.toBeInstanceOf(NotBffResponseError);
    expect(consoleError).toHaveBeenCalledTimes(1);
  });
});

describe('the event stream', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(Math, 'random').mockReturnValue(1);
  });

  function follow(adapter: ReturnType<typeof createHttpAdapter>) {
    const states: EventConnectionState[] = [];
    const errors: InsuranceError[] = [];
    const stop = adapter.subscribe('ln_1', () => {}, {
      onStateChange: (s) => states.push(s),
      onError: (e) => errors.push(e),
    });
    return { states, errors, stop };
  }

  it("answered by the host's 404 page, closes for good with the error, once in the console", async () => {
    const seen = recordRequests(() => html(NOT_FOUND_PAGE, 404));
    const sub = follow(createHttpAdapter({ baseUrl: '/api/insurnce' }));
    await settle();
    await vi.advanceTimersByTimeAsync(60_000);
    await settle();

    expect(sub.states).toEqual(['connecting', 'closed']);
    expect(sub.errors).toHaveLength(1);
    expect(sub.errors[0]).toBeInstanceOf(NotBffResponseError);
    expect(sub.errors[0]?.message).toBe(
      'GET /api/insurnce/loans/ln_1/events answered 404 with an HTML page, not the insurance BFF: check `baseUrl` in createHttpAdapter (now "/api/insurnce") and that the BFF handler is mounted there.',
    );
    expect(seen).toHaveLength(1);
    expect(consoleError).toHaveBeenCalledTimes(1);
    sub.stop();
  });

  it('answered by index.html with 200, closes for good instead of polling the page', async () => {
    const seen = recordRequests(() => html(INDEX_HTML, 200));
    const sub = follow(createHttpAdapter({ baseUrl: '/insurance' }));
    await settle();
    await vi.advanceTimersByTimeAsync(60_000);
    await settle();

    expect(sub.states).toEqual(['connecting', 'closed']);
    expect(sub.errors[0]).toMatchObject({ serviceCode: 'not_bff', status: 200, received: 'html' });
    expect(sub.errors[0]?.message).not.toMatch(/<|Acme/);
    expect(seen).toHaveLength(1);
    sub.stop();
  });

  it('the polling fallback answered by an HTML page closes for good with the error', async () => {
    // The stream request is answered as a polling page (a proxy dropped the Accept header);
    // the next poll reaches the host's page.
    const seen = recordRequests((r) =>
      isStream(r) ? HttpResponse.json({ events: [], cursor: 'c1' }) : html(NOT_FOUND_PAGE, 404),
    );
    const sub = follow(createHttpAdapter({ pollIntervalMs: 1_000 }));
    await settle();
    await vi.advanceTimersByTimeAsync(1_000);
    await settle();
    await vi.advanceTimersByTimeAsync(60_000);
    await settle();

    expect(sub.states).toEqual(['connecting', 'polling', 'closed']);
    expect(sub.errors[0]?.message).toBe(
      'GET /api/insurance/loans/ln_1/events answered 404 with an HTML page, not the insurance BFF: check `baseUrl` in createHttpAdapter (now "/api/insurance") and that the BFF handler is mounted there.',
    );
    expect(seen).toHaveLength(2);
    expect(consoleError).toHaveBeenCalledTimes(1);
    sub.stop();
  });

  it("a proxy's 502 page while the BFF restarts is retried, not the end", async () => {
    const seen = recordRequests(() => html('<html><h1>502 Bad Gateway</h1></html>', 502));
    const sub = follow(createHttpAdapter());
    await settle();
    await vi.advanceTimersByTimeAsync(3_000);
    await settle();

    expect(seen.length).toBeGreaterThan(1);
    expect(sub.states).not.toContain('closed');
    expect(sub.errors).toEqual([]);
    expect(consoleError).toHaveBeenCalledTimes(1);
    sub.stop();
  });

  it("the BFF's own refusal (not the session's loan) closes it with a NotFoundError and no console noise", async () => {
    recordRequests(() =>
      HttpResponse.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 }),
    );
    const sub = follow(createHttpAdapter());
    await settle();

    expect(sub.states).toEqual(['connecting', 'closed']);
    expect(sub.errors[0]).toBeInstanceOf(NotFoundError);
    expect(consoleError).not.toHaveBeenCalled();
    sub.stop();
  });

  it('shares the one console message with the requests of the same adapter', async () => {
    recordRequests((r) => (isStream(r) ? html(NOT_FOUND_PAGE, 404) : html(INDEX_HTML, 200)));
    const adapter = createHttpAdapter({ baseUrl: '/api/insurnce' });
    const sub = follow(adapter);
    await settle();
    await failure(adapter.getLoan('ln_1'));

    expect(consoleError).toHaveBeenCalledTimes(1);
    sub.stop();
  });
});
