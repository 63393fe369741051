import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/core/index.js';
import { useLoanPolicies, usePolicyRetrieval } from '../../src/hooks/index.js';
import { failing } from '../../src/testing/msw/index.js';
import {
  providerFor,
  renderWithProvider,
  setupSandbox,
  signInToCarrier,
} from '../support/insuranceHarness.js';
import { mswServer } from '../support/mswServer.js';

const RETRIEVE = /^PATCH \/loans\/[^/]+\/retrieve$/;

/** What the borrower does on the hosted page: sign in to their carrier. */
describe('usePolicyRetrieval', () => {
  it('opens a retrieval, then completes on policy.retrieved with the policy ids', async () => {
    const env = setupSandbox();
    const loan = await env.createLoan();
    const { result } = renderWithProvider(
      () => ({ retrieval: usePolicyRetrieval(loan.id), policies: useLoanPolicies(loan.id) }),
      env.adapter,
    );
    expect(result.current.retrieval.phase).toBe('idle');
    await act(() => result.current.retrieval.start());
    await waitFor(() => expect(result.current.retrieval.phase).toBe('open'));
    const url = result.current.retrieval.retrievalUrl ?? '';
    expect(url).toMatch(/^http:\/\/localhost:3000\/sandbox\/retrieve\//);
    expect(result.current.retrieval.policyIds).toEqual([]);

    await signInToCarrier(url, env.sandbox.sandboxPassword);
    await waitFor(() => expect(result.current.retrieval.phase).toBe('completed'));
    const retrieved = env.sandbox.inspectLoan(loan.id)?.policyIds;
    expect(result.current.retrieval.policyIds).toEqual(retrieved);
    expect(result.current.policies.policyIds).toEqual(retrieved);
    expect(env.sent(RETRIEVE)).toHaveLength(1);
  });

  it('StrictMode: a double mount with autoStart sends one retrieval request', async () => {
    const env = setupSandbox();
    const loan = await env.createLoan();
    let effects = 0;
    function Launcher() {
      const { phase, retrievalUrl } = usePolicyRetrieval(loan.id, { autoStart: true });
      useEffect(() => {
        effects++;
      }, []);
      return <p>{phase === 'open' ? retrievalUrl : phase}</p>;
    }
    render(<Launcher />, { wrapper: providerFor(env.adapter), reactStrictMode: true });
    await screen.findByText(/\/sandbox\/retrieve\//);
    expect(effects).toBe(2); // StrictMode did mount, unmount and mount again
    expect(env.sent(RETRIEVE)).toHaveLength(1);
  });

  it('a refused start is errored with a typed error, and nothing is re-sent by itself', async () => {
    const env = setupSandbox();
    const loan = await env.createLoan();
    mswServer.use(failing('initiatePolicyRetrieval', { status: 503 }));
    const { result } = renderWithProvider(
      () => usePolicyRetrieval(loan.id, { autoStart: true }),
      env.adapter,
    );
    await waitFor(() => expect(result.current.phase).toBe('errored'));
    expect(result.current.error).toBeInstanceOf(ServiceError);
    expect(result.current.error?.status).toBe(503);
    await new Promise((r) => setTimeout(r, 50));
    expect(env.sent(RETRIEVE)).toHaveLength(1);
  });
});
