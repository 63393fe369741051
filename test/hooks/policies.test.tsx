import { act, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { NotFoundError, ServiceError } from '../../src/core/index.js';
import { useLoanPolicies, usePolicy, useShop } from '../../src/hooks/index.js';
import { pending } from '../../src/testing/msw/index.js';
import { renderWithProvider, setupSandbox } from '../support/insuranceHarness.js';
import { mswServer } from '../support/mswServer.js';

const POLICY_READ = /^GET \/policies\/[^/]+$/;
const expiresOf = (url: string) => Number(new URL(url).searchParams.get('Expires'));

/**
 * A loan whose shop binds a policy (the sandbox's `Bind_policy` trigger). Quoting moved the
 * sandbox's clock ahead: the page's (fake) clock is set to it, as a real browser and service
 * roughly agree on the time.
 */
async function boundPolicy(env: ReturnType<typeof setupSandbox>) {
  const loan = await env.ratedLoan({ primaryBorrower: { firstName: 'Bind_policy' } });
  vi.setSystemTime(env.sandbox.clock.now());
  const policyId = env.sandbox.inspectLoan(loan.id)?.policyIds[0] ?? '';
  return { loan, policyId };
}

describe('useLoanPolicies and usePolicy', () => {
  it('learn the policy from policy.bound and read it with its documents', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const env = setupSandbox();
    const loan = await env.createLoan({ primaryBorrower: { firstName: 'Bind_policy' } });
    const { result } = renderWithProvider(() => {
      const shop = useShop(loan.id);
      const { policyIds } = useLoanPolicies(loan.id);
      return { shop, policyIds, policy: usePolicy(policyIds[0]) };
    }, env.adapter);
    await waitFor(() => expect(result.current.shop.phase).toBe('idle'));
    expect(result.current.policy.isLoading).toBe(false); // nothing to read yet
    await act(() => result.current.shop.start());
    await act(() => env.sandbox.advance(40_000));
    await waitFor(() => expect(result.current.policyIds).toHaveLength(1));
    expect(result.current.policyIds).toEqual(env.sandbox.inspectLoan(loan.id)?.policyIds);
    await waitFor(() => expect(result.current.policy.documents).toHaveLength(2));
    expect(result.current.policy.data?.status).toBe('ACTIVE');
    // From the sandbox's asset origin, not the page's: the browser side takes any safe host.
    expect(result.current.policy.documents[0]?.url).toMatch(
      new RegExp(`^${env.sandbox.assetOrigin}/sandbox/documents/`),
    );
  });

  it('U13: documents with unsafe URLs are dropped', async () => {
    const env = setupSandbox();
    mswServer.use(
      http.get('*/api/insurance/policies/:policyId', ({ params }) =>
        HttpResponse.json({
          id: params.policyId,
          documents: [
            { id: 'd1', name: 'Script', type: 'eoi_document', url: 'javascript:alert(1)' },
            { id: 'd2', name: 'Data', type: 'eoi_document', url: 'data:text/html,<b>x</b>' },
            { id: 'd3', name: 'Creds', type: 'eoi_document', url: 'https://u:p@docs.example/a' },
            { id: 'd4', name: 'Plain', type: 'eoi_document', url: 'http://docs.example/a.pdf' },
            { id: 'd5', name: 'Good', type: 'eoi_document', url: 'https://docs.example/a.pdf' },
          ],
        }),
      ),
    );
    const { result } = renderWithProvider(() => usePolicy('pol_1'), env.adapter);
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.documents.map((d) => d.id)).toEqual(['d5']);
    await expect(result.current.getDocumentUrl('d1')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('U7: a URL that expires within 30 s is refreshed before it is opened', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const env = setupSandbox(); // signed URLs live 2 minutes
    const { policyId } = await boundPolicy(env);
    const { result } = renderWithProvider(() => usePolicy(policyId), env.adapter);
    await waitFor(() => expect(result.current.documents).toHaveLength(2));
    const doc = result.current.documents[0];
    const first = doc?.url ?? '';
    // Still fresh: opened as it is.
    await expect(result.current.getDocumentUrl(doc?.id ?? '')).resolves.toBe(first);
    expect(env.sent(POLICY_READ)).toHaveLength(1);

    // 100 s later (both clocks), 20 s remain: read again first.
    vi.setSystemTime(Date.now() + 100_000);
    await env.sandbox.advance(100_000);
    const fresh = await result.current.getDocumentUrl(doc?.id ?? '');
    expect(env.sent(POLICY_READ)).toHaveLength(2);
    expect(expiresOf(fresh)).toBeGreaterThan(expiresOf(first));
    await waitFor(() => expect(result.current.documents[0]?.url).toBe(fresh));
    // The fresh URL opens the document.
    expect((await fetch(fresh)).status).toBe(200);
  });

  it('U6: when the fresh answer is stale too, it is an error, after one re-read (no loop)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const env = setupSandbox({ documentUrlTtlMs: 10_000 }); // always within 30 s of expiry
    const { policyId } = await boundPolicy(env);
    const { result } = renderWithProvider(() => usePolicy(policyId), env.adapter);
    await waitFor(() => expect(result.current.documents).toHaveLength(2));
    const error = await result.current
      .getDocumentUrl(result.current.documents[0]?.id ?? '')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).serviceCode).toBe('document_url_expired');
    expect(env.sent(POLICY_READ)).toHaveLength(2);
  });

  it('U6: after the storage refused a link, refresh reads the policy again once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const env = setupSandbox();
    const { policyId } = await boundPolicy(env);
    const { result } = renderWithProvider(() => usePolicy(policyId), env.adapter);
    await waitFor(() => expect(result.current.documents).toHaveLength(2));
    const id = result.current.documents[1]?.id ?? '';
    const url = await result.current.getDocumentUrl(id, { refresh: true });
    expect(url).toMatch(/Expires=\d+/);
    expect(env.sent(POLICY_READ)).toHaveLength(2);
  });

  it('U10: a hung policy read can be cancelled', async () => {
    const env = setupSandbox();
    mswServer.use(pending('getPolicy'));
    const { result } = renderWithProvider(() => usePolicy('pol_1'), env.adapter);
    await waitFor(() => expect(env.sent(POLICY_READ)).toHaveLength(1));
    expect(result.current.isLoading).toBe(true);
    await act(() => result.current.cancel());
    await waitFor(() => expect(result.current.isFetching).toBe(false));
    expect(result.current.error).toBeNull();
    expect(result.current.data).toBeUndefined();
  });
});
