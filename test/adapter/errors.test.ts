import { delay, HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpAdapter } from '../../src/adapter/index.js';
import {
  BROWSER_REQUEST_TIMEOUT_MS,
  ConsentRequiredError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServiceError,
  TimeoutError,
  UnauthorizedError,
  ValidationError,
} from '../../src/core/index.js';
import { mswServer } from '../support/mswServer.js';
import { BASE, loanBody, recordRequests } from './support.js';

const errorBody = (error: Record<string, unknown>) => ({ error });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('error answers become typed errors', () => {
  it('400 with field issues is a ValidationError with those issues', async () => {
    recordRequests(() =>
      HttpResponse.json(
        errorBody({
          code: 'validation_error',
          message: 'Loan number is required',
          issues: [{ path: 'loanNumber', message: 'Loan number is required' }],
        }),
        { status: 400 },
      ),
    );
    const error = await createHttpAdapter()
      // biome-ignore lint/suspicious/noExplicitAny: the BFF is the one refusing it here
      .createLoanApplication({} as any)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fieldErrors()).toEqual({
      loanNumber: 'Loan number is required',
    });
  });

  it('401 is an UnauthorizedError, so the host can sign the user in again (U9)', async () => {
    recordRequests(() =>
      HttpResponse.json(errorBody({ code: 'unauthorized', message: 'Sign in to continue' }), {
        status: 401,
      }),
    );
    await expect(createHttpAdapter().getLoan('loan_1')).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('404 is a NotFoundError', async () => {
    recordRequests(() =>
      HttpResponse.json(errorBody({ code: 'not_found', message: 'Not found' }), { status: 404 }),
    );
    await expect(createHttpAdapter().getLoan('loan_1')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('409 consent_required is a ConsentRequiredError naming the TCPA consent', async () => {
    recordRequests(() =>
      HttpResponse.json(
        errorBody({ code: 'consent_required', consent: 'tcpa', message: 'TCPA consent first' }),
        { status: 409 },
      ),
    );
    const error = await createHttpAdapter()
      .scheduleCall({ id: 'loan_1', scheduledAt: '2026-03-03T15:00:00Z' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConsentRequiredError);
    expect(error).toMatchObject({ consent: 'tcpa', status: 409 });
  });

  it('429 with Retry-After: 20 is a RateLimitedError waiting 20 s, and is not retried (U8)', async () => {
    const seen = recordRequests(() =>
      HttpResponse.json(errorBody({ code: 'rate_limited', message: 'Slow down' }), {
        status: 429,
        headers: { 'Retry-After': '20' },
      }),
    );
    const error = await createHttpAdapter()
      .shopLoan('loan_1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterMs).toBe(20_000);
    expect(seen).toHaveLength(1);
  });

  it('500 is a ServiceError with the status, and is not retried', async () => {
    const seen = recordRequests(() =>
      HttpResponse.json(errorBody({ code: 'internal_error', message: 'Internal error' }), {
        status: 500,
      }),
    );
    const error = await createHttpAdapter()
      .getLoan('loan_1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ status: 500, serviceCode: 'internal_error' });
    expect(seen).toHaveLength(1);
  });

  it("a proxy's plain-text 502 is a ServiceError saying the BFF did not answer", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    recordRequests(() => new HttpResponse('Bad Gateway', { status: 502 }));
    const error = await createHttpAdapter()
      .getLoan('loan_1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ status: 502, serviceCode: 'not_bff' });
    expect((error as ServiceError).message).toMatch(
      /^GET \/api\/insurance\/loans\/loan_1 answered 502 with a body that is not JSON, not the insurance BFF: the BFF did not answer/,
    );
  });

  it("the BFF's 502 for a service answer it could not use is a ServiceError with its code", async () => {
    recordRequests(() =>
      HttpResponse.json(
        { error: { code: 'service_error', message: 'The insurance service could not answer' } },
        { status: 502 },
      ),
    );
    await expect(createHttpAdapter().getLoan('loan_1')).rejects.toMatchObject({
      code: 'service_error',
      status: 502,
      serviceCode: 'service_error',
    });
  });

  it("a success body that is not JSON is a ServiceError saying the answer is not the BFF's", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    recordRequests(() => new HttpResponse('<html>login</html>', { status: 200 }));
    await expect(createHttpAdapter().getLoan('loan_1')).rejects.toMatchObject({
      code: 'service_error',
      serviceCode: 'not_bff',
    });
  });
});

describe('no answer', () => {
  it('a failed fetch (offline, U11) is a NetworkError, sent once', async () => {
    const seen = recordRequests(() => HttpResponse.error());
    const error = await createHttpAdapter()
      .getLoan('loan_1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).cause).toBeInstanceOf(TypeError);
    expect(seen).toHaveLength(1);
  });

  it('a BFF that never answers is a TimeoutError after the time limit (U10)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mswServer.use(http.get(`${BASE}/loans/loan_1`, () => new Promise<never>(() => {})));
    const outcome = createHttpAdapter()
      .getLoan('loan_1')
      .catch((e: unknown) => e);

    await vi.advanceTimersByTimeAsync(BROWSER_REQUEST_TIMEOUT_MS - 1);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);

    expect(await outcome).toBeInstanceOf(TimeoutError);
  });

  it('honours a shorter timeoutMs', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mswServer.use(http.get(`${BASE}/loans/loan_1`, () => new Promise<never>(() => {})));
    const outcome = createHttpAdapter({ timeoutMs: 5_000 })
      .getLoan('loan_1')
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await outcome).toBeInstanceOf(TimeoutError);
  });

  it('a body that stalls after the headers also times out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mswServer.use(
      http.get(
        `${BASE}/loans/loan_1`,
        () =>
          new HttpResponse(new ReadableStream({ start: (c) => c.enqueue(new Uint8Array([123])) }), {
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    const outcome = createHttpAdapter()
      .getLoan('loan_1')
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(BROWSER_REQUEST_TIMEOUT_MS);
    expect(await outcome).toBeInstanceOf(TimeoutError);
  });

  it('clears its timer once answered, so nothing fires later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    recordRequests(() => HttpResponse.json(loanBody()));
    await createHttpAdapter().getLoan('loan_1');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("the caller's abort", () => {
  it('rejects with the abort reason (how React Query cancels a query)', async () => {
    mswServer.use(
      http.get(`${BASE}/loans/loan_1`, async () => {
        await delay('infinite');
        return HttpResponse.json(loanBody());
      }),
    );
    const controller = new AbortController();
    const outcome = createHttpAdapter()
      .getLoan('loan_1', { signal: controller.signal })
      .catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 10));
    controller.abort();

    const error = await outcome;
    expect(error).toBe(controller.signal.reason);
    expect(error).toMatchObject({ name: 'AbortError' });
  });

  it('passes a custom reason through as is', async () => {
    mswServer.use(http.get(`${BASE}/loans/loan_1`, () => new Promise<never>(() => {})));
    const controller = new AbortController();
    const reason = new Error('navigated away');
    const outcome = createHttpAdapter()
      .getLoan('loan_1', { signal: controller.signal })
      .catch((e: unknown) => e);
    controller.abort(reason);
    expect(await outcome).toBe(reason);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const seen = recordRequests();
    const controller = new AbortController();
    controller.abort();
    await expect(
      createHttpAdapter().getLoan('loan_1', { signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toHaveLength(0);
  });

  it('still times out when AbortSignal.any is missing (older browsers)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const any = AbortSignal.any;
    Object.defineProperty(AbortSignal, 'any', { value: undefined, configurable: true });
    try {
      mswServer.use(http.get(`${BASE}/loans/loan_1`, () => new Promise<never>(() => {})));
      const controller = new AbortController();
      const adapter = createHttpAdapter();
      const timedOut = adapter
        .getLoan('loan_1', { signal: controller.signal })
        .catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(BROWSER_REQUEST_TIMEOUT_MS);
      expect(await timedOut).toBeInstanceOf(TimeoutError);

      const aborted = adapter
        .getLoan('loan_1', { signal: controller.signal })
        .catch((e: unknown) => e);
      controller.abort(new Error('cancelled'));
      expect(await aborted).toMatchObject({ message: 'cancelled' });
    } finally {
      Object.defineProperty(AbortSignal, 'any', { value: any, configurable: true });
    }
  });
});
