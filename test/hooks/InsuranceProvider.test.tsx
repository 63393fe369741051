import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createHttpAdapter } from '../../src/adapter/index.js';
import {
  createInsuranceQueryClient,
  InsuranceProvider,
  insuranceKeys,
  insuranceQueries,
  useInsuranceContext,
  useLoan,
} from '../../src/hooks/index.js';
import { BASE, renderWithProvider, setupSandbox } from '../support/insuranceHarness.js';

const LOAN_READ = /^GET \/loans\/[^/]+$/;

describe('InsuranceProvider', () => {
  it("does not hide the host's QueryClientProvider: a host hook inside still sees the host's client", () => {
    const env = setupSandbox();
    const host = new QueryClient();
    let seen: { host?: QueryClient; insurance?: QueryClient } = {};
    function Probe() {
      seen = { host: useQueryClient(), insurance: useInsuranceContext().queryClient };
      return null;
    }
    render(
      <QueryClientProvider client={host}>
        <InsuranceProvider adapter={env.adapter}>
          <Probe />
        </InsuranceProvider>
      </QueryClientProvider>,
    );
    expect(seen.host).toBe(host);
    expect(seen.insurance).toBeInstanceOf(QueryClient);
    expect(seen.insurance).not.toBe(host);
  });

  it('keeps one client of its own across renders (StrictMode included)', () => {
    const env = setupSandbox();
    const { result, rerender } = renderWithProvider(
      () => useInsuranceContext().queryClient,
      env.adapter,
      { strict: true },
    );
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });

  it('uses the client it is given, under keys scoped to its adapter', async () => {
    const env = setupSandbox();
    const loan = await env.createLoan();
    const queryClient = createInsuranceQueryClient();
    const { result } = renderWithProvider(() => useLoan(loan.id), env.adapter, { queryClient });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const key = insuranceKeys(env.adapter).loan(loan.id);
    expect(key.slice(0, 2)).toEqual(insuranceKeys(env.adapter).all);
    expect(queryClient.getQueryData(key)).toEqual(result.current.data);
  });

  it('two providers with two adapters do not share cache entries, even on one client', async () => {
    const env = setupSandbox();
    const loan = await env.createLoan();
    const other = createHttpAdapter({ baseUrl: BASE });
    const queryClient = createInsuranceQueryClient();
    function Status() {
      const { data } = useLoan(loan.id);
      return <p>{data?.status ?? 'loading'}</p>;
    }
    render(
      <>
        <InsuranceProvider adapter={env.adapter} queryClient={queryClient}>
          <Status />
        </InsuranceProvider>
        <InsuranceProvider adapter={other} queryClient={queryClient}>
          <Status />
        </InsuranceProvider>
      </>,
    );
    await waitFor(() => expect(screen.getAllByText('NOT_YET_RATED')).toHaveLength(2));
    expect(env.sent(LOAN_READ)).toHaveLength(2);
    expect(insuranceKeys(env.adapter).all).not.toEqual(insuranceKeys(other).all);
    expect(queryClient.getQueryData(insuranceKeys(other).loan(loan.id))).toBeDefined();
  });

  it('lets a host prefetch with the option factories, so the hook reads nothing more', async () => {
    const env = setupSandbox();
    const loan = await env.createLoan();
    const queryClient = createInsuranceQueryClient();
    await queryClient.prefetchQuery(insuranceQueries(env.adapter).loan(loan.id));
    const { result } = renderWithProvider(() => useLoan(loan.id), env.adapter, { queryClient });
    expect(result.current.data?.id).toBe(loan.id);
    await new Promise((r) => setTimeout(r, 20));
    expect(env.sent(LOAN_READ)).toHaveLength(1);
  });

  it('gives messages and locale to the hooks below', () => {
    const env = setupSandbox();
    const { result } = renderHook(() => useInsuranceContext(), {
      wrapper: ({ children }) => (
        <InsuranceProvider adapter={env.adapter} locale="es-US" messages={{ retry: 'Reintentar' }}>
          {children}
        </InsuranceProvider>
      ),
    });
    expect(result.current).toMatchObject({ locale: 'es-US', messages: { retry: 'Reintentar' } });
    expect(result.current.scope).toBe(insuranceKeys(env.adapter).all[1]);
  });

  it('a hook outside a provider says so', () => {
    expect(() => renderHook(() => useLoan('ln_1'))).toThrow(/InsuranceProvider/);
  });
});
