import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LoanEvent } from '../../src/core/index.js';
import { NetworkError, RateLimitedError, UnauthorizedError } from '../../src/core/index.js';
import { useCloseLoan, useLoan, useLoanEvents, useShop } from '../../src/hooks/index.js';
import { failing, offline, pending, rateLimited } from '../../src/testing/msw/index.js';
import { renderWithProvider, setupSandbox } from '../support/insuranceHarness.js';
import { mswServer } from '../support/mswServer.js';

const LOAN_READ = /^GET \/loans\/[^/]+$/;

describe('useLoan', () => {
  it('reads the loan application from the sandbox', async () => {
    const env = setupSandbox();
    const loan = await env.createLoan();
    const { result } = renderWithProvider(() => useLoan(loan.id), env.adapter);
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.data?.id).toBe(loan.id));
    expect(result.current.data?.status).toBe('NOT_YET_RATED');
    expect(result.current.error).toBeNull();
    expect(env.sent(LOAN_READ)).toHaveLength(1);
  });

  it('reads nothing without a loan id', async () => {
    const env = setupSandbox();
    const { result } = renderWithProvider(() => useLoan(undefined), env.adapter);
    await new Promise((r) => setTimeout(r, 20));
    expect(result.current.isLoading).toBe(false);
    expect(result.current.data).toBeUndefined();
    expect(env.requests).toEqual([]);
  });

  it('U12: an event changing the loan while the page is open refreshes it (no polling)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const env = setupSandbox();
    const loan = await env.createLoan();
    await env.adapter.shopLoan(loan.id);
    env.requests.length = 0;
    const { result } = renderWithProvider(() => useLoan(loan.id), env.adapter);
    await waitFor(() => expect(result.current.data?.status).toBe('RC1_RATING'));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(env.sent(LOAN_READ)).toHaveLength(1);
    await act(() => env.sandbox.advance(40_000));
    await waitFor(() => expect(result.current.data?.status).toBe('RC1_RATED'));
    expect(env.sent(LOAN_READ)).toHaveLength(2);
  });

  it('U8: rate limited, it says when to ask again and asks nothing by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const env = setupSandbox();
    mswServer.use(rateLimited('getLoan', { retryAfterSeconds: 20 }));
    const { result } = renderWithProvider(() => useLoan('ln_1'), env.adapter);
    await waitFor(() => expect(result.current.error).toBeInstanceOf(RateLimitedError));
    expect(result.current.retryAt).toBeGreaterThan(Date.now() + 15_000);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    // Not on focus either: the loan read is rate limited upstream.
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('focus'));
    });
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(env.sent(LOAN_READ)).toHaveLength(1);
  });

  it('U9: an expired session is an UnauthorizedError, asked once (no loop)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const env = setupSandbox();
    mswServer.use(failing('getLoan', { status: 401, code: 'unauthorized', message: 'Sign in' }));
    const { result } = renderWithProvider(() => useLoan('ln_1'), env.adapter);
    await waitFor(() => expect(result.current.error).toBeInstanceOf(UnauthorizedError));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(env.sent(LOAN_READ)).toHaveLength(1);
  });

  it('U11: offline, it is a NetworkError after two spaced retries, and no more', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const env = setupSandbox();
    mswServer.use(offline('getLoan'));
    const { result } = renderWithProvider(() => useLoan('ln_1'), env.adapter);
    await waitFor(() => expect(env.sent(LOAN_READ)).toHaveLength(1));
    expect(result.current.error).toBeNull(); // still trying
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(result.current.error).toBeInstanceOf(NetworkError));
    expect(env.sent(LOAN_READ)).toHaveLength(3);
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(env.sent(LOAN_READ)).toHaveLength(3);
  });

  it('U10: a hung read is pending until cancelled, and can be asked again', async () => {
    const env = setupSandbox();
    const loan = await env.createLoan();
    mswServer.use(pending('getLoan'));
    const { result } = renderWithProvider(() => useLoan(loan.id), env.adapter);
    await waitFor(() => expect(env.sent(LOAN_READ)).toHaveLength(1));
    expect(result.current.isFetching).toBe(true);
    await act(() => result.current.cancel());
    await waitFor(() => expect(result.current.isFetching).toBe(false));
    expect(result.current.error).toBeNull();

    env.reinstall();
    await act(() => result.current.refetch());
    await waitFor(() => expect(result.current.data?.id).toBe(loan.id));
  });
});

describe('useLoanEvents', () => {
  it('follows the loan: connection state, the events, and onEvent once per event', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const env = setupSandbox();
    const loan = await env.createLoan();
    await env.adapter.shopLoan(loan.id);
    const seen: LoanEvent[] = [];
    const { result } = renderWithProvider(
      () => ({ events: useLoanEvents(loan.id, (e) => seen.push(e)), loan: useLoan(loan.id) }),
      env.adapter,
    );
    await waitFor(() => expect(result.current.events.connection).toBe('open'));
    expect(result.current.events.events).toEqual([]);
    await act(() => env.sandbox.advance(40_000));
    await waitFor(() => expect(result.current.events.events).toHaveLength(1));
    expect(result.current.events.events[0]).toMatchObject({
      type: 'loan.shopped',
      loanId: loan.id,
    });
    expect(seen).toEqual(result.current.events.events);
  });

  it('is closed without a loan id', () => {
    const env = setupSandbox();
    const { result } = renderWithProvider(() => useLoanEvents(undefined), env.adapter);
    expect(result.current).toEqual({ events: [], connection: 'closed' });
  });
});

describe('useCloseLoan', () => {
  it('closes the loan application; the loan and the shop show it closed', async () => {
    const env = setupSandbox();
    const loan = await env.createLoan();
    const { result } = renderWithProvider(
      () => ({ close: useCloseLoan(loan.id), shop: useShop(loan.id) }),
      env.adapter,
    );
    await waitFor(() => expect(result.current.shop.phase).toBe('idle'));
    await act(async () => {
      const done = await result.current.close.close({ externalInsurance: { carrier: 'Acme' } });
      expect(done?.success).toBe(true);
    });
    await waitFor(() => expect(result.current.shop.phase).toBe('closed'));
    expect(env.sandbox.inspectLoan(loan.id)?.externalInsurance).toEqual({ carrier: 'Acme' });
    // Closed: starting a shop sends nothing.
    await act(async () => {
      expect(await result.current.shop.start()).toBeUndefined();
    });
    expect(env.sent(/^PATCH \/loans\/[^/]+\/shop$/)).toHaveLength(0);
  });
});
