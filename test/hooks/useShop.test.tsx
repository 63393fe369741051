import { act, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RateLimitedError, TimeoutError } from '../../src/core/index.js';
import { createInsuranceQueryClient, insuranceKeys, useShop } from '../../src/hooks/index.js';
import { rateLimited } from '../../src/testing/msw/index.js';
import { renderInProvider, renderWithProvider, setupSandbox } from '../support/insuranceHarness.js';
import { laggingLoanReads, shopEchoing } from '../support/laggingService.js';
import { mswServer } from '../support/mswServer.js';

const LOAN_READ = /^GET \/loans\/[^/]+$/;
const SHOP = /^PATCH \/loans\/[^/]+\/shop$/;

describe('useShop', () => {
  it('starts on click, reports progress against 30-45 s, completes on loan.shopped with one loan read', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const env = setupSandbox();
    const loan = await env.createLoan();
    const { result } = renderWithProvider(() => useShop(loan.id), env.adapter);
    await waitFor(() => expect(result.current.phase).toBe('idle'));
    expect(result.current.progress).toBe(0);
    expect(result.current.expectedMs).toEqual([30_000, 45_000]);
    expect(env.sent(LOAN_READ)).toHaveLength(1);

    await act(() => result.current.start());
    await waitFor(() => expect(result.current.phase).toBe('quoting'));
    expect(env.sent(SHOP)).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(result.current.elapsedMs).toBeGreaterThanOrEqual(20_000);
    expect(result.current.progress).toBeCloseTo(20_000 / 45_000, 1);
    // No polling while quoting: the loan was read once, on mount.
    expect(env.sent(LOAN_READ)).toHaveLength(1);

    await act(() => env.sandbox.advance(40_000));
    await waitFor(() => expect(result.current.phase).toBe('rated'));
    expect(result.current.progress).toBe(1);
    expect(result.current.loan?.status).toBe('RC1_RATED');
    // The event made the loan be read exactly once more.
    expect(env.sent(LOAN_READ)).toHaveLength(2);
    expect(env.sent(SHOP)).toHaveLength(1);
  });

  it('times out after timeoutMs with a TimeoutError; retry reads the loan once and keeps waiting', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const env = setupSandbox({ quoteDelayMs: 200_000 });
    const loan = await env.createLoan();
    const { result } = renderWithProvider(
      () => useShop(loan.id, { timeoutMs: 60_000 }),
      env.adapter,
    );
    await waitFor(() => expect(result.current.phase).toBe('idle'));
    await act(() => result.current.start());
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(result.current.phase).toBe('errored');
    expect(result.current.error).toBeInstanceOf(TimeoutError);
    expect(result.current.progress).toBe(0.99);

    const reads = env.sent(LOAN_READ).length;
    await act(() => result.current.retry());
    await waitFor(() => expect(result.current.phase).toBe('quoting'));
    expect(result.current.error).toBeNull();
    expect(env.sent(LOAN_READ)).toHaveLength(reads + 1);

    await act(() => env.sandbox.advance(200_000));
    // The mock BFF sends no heartbeat, so after a minute of silence the adapter took the stream
    // for dead; it reconnects after the server's 3 s `retry` and gets the event it missed.
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(result.current.phase).toBe('rated'));
    expect(env.sent(SHOP)).toHaveLength(1);
  });

  it('is errored when quoting fails, and retry shops again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const env = setupSandbox();
    const loan = await env.createLoan({ primaryBorrower: { firstName: 'Rating_error' } });
    const { result } = renderWithProvider(() => useShop(loan.id), env.adapter);
    await waitFor(() => expect(result.current.phase).toBe('idle'));
    await act(() => result.current.start());
    await act(() => env.sandbox.advance(40_000));
    await waitFor(() => expect(result.current.phase).toBe('errored'));
    expect(result.current.error?.code).toBe('service_error');

    await act(() => result.current.retry());
    await waitFor(() => expect(result.current.phase).toBe('quoting'));
    expect(env.sent(SHOP)).toHaveLength(2);
  });

  it('U8: a rate-limited shop is errored with retryAt and is not sent again by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const env = setupSandbox();
    const loan = await env.createLoan();
    mswServer.use(rateLimited('shopLoan', { retryAfterSeconds: 20 }));
    const { result } = renderWithProvider(() => useShop(loan.id), env.adapter);
    await waitFor(() => expect(result.current.phase).toBe('idle'));
    const before = Date.now();
    await act(() => result.current.start());
    await waitFor(() => expect(result.current.phase).toBe('errored'));
    expect(result.current.error).toBeInstanceOf(RateLimitedError);
    expect(result.current.retryAt).toBeGreaterThanOrEqual(before + 20_000);
    expect(result.current.retryAt).toBeLessThan(before + 25_000);

    // Nothing is re-sent on its own, and a click before retryAt sends nothing.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await act(() => result.current.retry());
    expect(env.sent(SHOP)).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(11_000));
    env.reinstall();
    await act(() => result.current.retry());
    expect(env.sent(SHOP)).toHaveLength(2);
  });

  it('StrictMode: a double mount with autoStart starts one shop', async () => {
    const env = setupSandbox();
    const loan = await env.createLoan();
    // The loan is known at mount (as right after creating it), so the start effect runs at
    // once, twice under StrictMode.
    const queryClient = createInsuranceQueryClient();
    queryClient.setQueryData(insuranceKeys(env.adapter).loan(loan.id), loan);
    let effects = 0;
    function AutoShop() {
      const { phase } = useShop(loan.id, { autoStart: true });
      useEffect(() => {
        effects++;
      }, []);
      return <p>{phase}</p>;
    }
    const view = renderInProvider(<AutoShop />, env.adapter, { strict: true, queryClient });
    await view.findByText('quoting');
    expect(effects).toBe(2); // StrictMode did mount, unmount and mount again
    expect(env.sent(SHOP)).toHaveLength(1);
  });

  it('autoStart does not shop a loan that is already rated', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const env = setupSandbox();
    const loan = await env.createLoan();
    await env.adapter.shopLoan(loan.id);
    await env.sandbox.advance(40_000);
    env.requests.length = 0;
    const { result } = renderWithProvider(() => useShop(loan.id, { autoStart: true }), env.adapter);
    await waitFor(() => expect(result.current.phase).toBe('rated'));
    expect(env.sent(SHOP)).toHaveLength(0);
  });

  it('a 2xx shop is quoting whatever it echoes: the cached loan says RC1_RATING, not NOT_YET_RATED', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const env = setupSandbox();
    const loan = await env.createLoan();
    mswServer.use(shopEchoing(env, 'NOT_YET_RATED'));
    const { result } = renderWithProvider(() => useShop(loan.id), env.adapter);
    await waitFor(() => expect(result.current.loan?.status).toBe('NOT_YET_RATED'));
    const answer = await act(() => result.current.start());
    expect(answer?.status).toBe('NOT_YET_RATED');
    await waitFor(() => expect(result.current.phase).toBe('quoting'));
    expect(result.current.loan?.status).toBe('RC1_RATING');

    await act(() => env.sandbox.advance(40_000));
    await waitFor(() => expect(result.current.phase).toBe('rated'));
    expect(env.sent(SHOP)).toHaveLength(1);
  });

  it('keeps an echoed status that is itself a quoting one', async () => {
    const env = setupSandbox();
    const loan = await env.createLoan();
    mswServer.use(shopEchoing(env, 'RC2_RATING'));
    const { result } = renderWithProvider(() => useShop(loan.id), env.adapter);
    await waitFor(() => expect(result.current.loan?.status).toBe('NOT_YET_RATED'));
    await act(() => result.current.start());
    await waitFor(() => expect(result.current.loan?.status).toBe('RC2_RATING'));
    expect(result.current.phase).toBe('quoting');
  });

  it('stays quoting and sends no second shop while reads after its shop still say NOT_YET_RATED', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const env = setupSandbox();
    const loan = await env.createLoan();
    mswServer.use(shopEchoing(env, 'NOT_YET_RATED'), laggingLoanReads(env));
    const queryClient = createInsuranceQueryClient();
    const { result } = renderWithProvider(() => useShop(loan.id), env.adapter, { queryClient });
    await waitFor(() => expect(result.current.loan?.status).toBe('NOT_YET_RATED'));
    await act(() => result.current.start());
    await waitFor(() => expect(result.current.phase).toBe('quoting'));

    // A read (a refocus, another component) answers the lagging status.
    const reads = env.sent(LOAN_READ).length;
    await act(() =>
      queryClient.invalidateQueries({ queryKey: insuranceKeys(env.adapter).loan(loan.id) }),
    );
    expect(env.sent(LOAN_READ)).toHaveLength(reads + 1);
    await waitFor(() => expect(result.current.loan?.status).toBe('NOT_YET_RATED'));
    expect(result.current.phase).toBe('quoting');
    await act(() => result.current.start());
    expect(env.sent(SHOP)).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(result.current.phase).toBe('quoting');
    expect(result.current.progress).toBeCloseTo(20_000 / 45_000, 1);

    await act(() => env.sandbox.advance(40_000));
    await waitFor(() => expect(result.current.phase).toBe('rated'));
    expect(result.current.loan?.status).toBe('RC1_RATED');
    expect(env.sent(SHOP)).toHaveLength(1);
  });

  it('still times out while reads say NOT_YET_RATED; retry reads once and keeps waiting', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const env = setupSandbox({ quoteDelayMs: 200_000 });
    const loan = await env.createLoan();
    mswServer.use(shopEchoing(env, 'NOT_YET_RATED'), laggingLoanReads(env));
    const { result } = renderWithProvider(
      () => useShop(loan.id, { timeoutMs: 60_000 }),
      env.adapter,
    );
    await waitFor(() => expect(result.current.loan?.status).toBe('NOT_YET_RATED'));
    await act(() => result.current.start());
    await waitFor(() => expect(result.current.phase).toBe('quoting'));
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(result.current.phase).toBe('errored');
    expect(result.current.error).toBeInstanceOf(TimeoutError);

    const reads = env.sent(LOAN_READ).length;
    await act(() => result.current.retry());
    expect(env.sent(LOAN_READ)).toHaveLength(reads + 1);
    await waitFor(() => expect(result.current.loan?.status).toBe('NOT_YET_RATED'));
    expect(result.current.phase).toBe('quoting');
    expect(result.current.error).toBeNull();
    expect(env.sent(SHOP)).toHaveLength(1);
  });
});
