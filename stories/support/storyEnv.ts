import type { InsuranceAdapter } from '../../src/adapter/index.js';
import { createHttpAdapter } from '../../src/adapter/index.js';
import type { LoanApplicationFixtureOverrides, SandboxService } from '../../src/testing/index.js';
import {
  createLoanApplicationFixture,
  RETRIEVAL_USERS,
  SANDBOX_CARRIERS,
} from '../../src/testing/index.js';
import type { InsuranceHandlers } from '../../src/testing/msw/index.js';

/** How long quoting takes in stories: long enough to show "quoting", skipped with `advance`. */
export const STORY_QUOTE_DELAY_MS = 40_000;

/** What a story's `prepare` step gets: the sandbox, and an adapter that talks to it directly. */
export interface StoryEnv {
  sandbox: SandboxService;
  /** Calls the mock BFF in the page, not over the network: setup is not seen by the worker. */
  adapter: InsuranceAdapter;
  /** A loan application, with general consent recorded unless asked not to (and TCPA if asked). */
  createLoan(
    overrides?: LoanApplicationFixtureOverrides,
    options?: { consent?: boolean; tcpa?: boolean },
  ): Promise<{ id: string }>;
  /** A loan that was shopped and whose quoting finished (the sandbox clock jumped ahead). */
  ratedLoan(
    overrides?: LoanApplicationFixtureOverrides,
    options?: { consent?: boolean; tcpa?: boolean },
  ): Promise<{ id: string }>;
  /** A loan whose shop bound a policy (the sandbox's `Bind_policy` trigger), and that policy. */
  boundPolicy(
    overrides?: LoanApplicationFixtureOverrides,
  ): Promise<{ loanId: string; policyId: string }>;
  /**
   * A policy the borrower retrieved from their carrier (hosted sign-in as a sandbox user). The
   * sandbox clock does not move, so its signed document URLs expire on the browser's time.
   */
  retrievedPolicy(): Promise<{ loanId: string; policyId: string }>;
  /** Signs in on the hosted retrieval page at `retrievalUrl`, as the borrower would. */
  signInAtCarrier(retrievalUrl: string): Promise<void>;
}

/** The {@link StoryEnv} of a story's sandbox: setup calls go to its mock BFF directly. */
export function createEnv(sandbox: SandboxService, bff: InsuranceHandlers['bff']): StoryEnv {
  const adapter = createHttpAdapter({
    baseUrl: bff.basePath,
    fetch: (input, init) =>
      bff.handler(
        input instanceof Request
          ? new Request(input, init)
          : new Request(new URL(String(input), location.href), init),
      ),
  });
  const env: StoryEnv = {
    sandbox,
    adapter,
    async createLoan(overrides = {}, { consent = true, tcpa = false } = {}) {
      const loan = await adapter.createLoanApplication(createLoanApplicationFixture(overrides));
      const terms = { id: loan.id, termsOfServiceId: 'tos_v1' };
      if (consent) await adapter.recordConsent(terms);
      if (tcpa) await adapter.recordTcpaConsent(terms);
      return { id: loan.id };
    },
    async ratedLoan(overrides, options) {
      const loan = await env.createLoan(overrides, options);
      await adapter.shopLoan(loan.id);
      await sandbox.advance(STORY_QUOTE_DELAY_MS);
      return loan;
    },
    async boundPolicy(overrides = {}) {
      const loan = await env.ratedLoan({
        ...overrides,
        primaryBorrower: { firstName: 'Bind_policy', ...overrides.primaryBorrower },
      });
      const policyId = sandbox.inspectLoan(loan.id)?.policyIds[0];
      if (!policyId) throw new Error('The sandbox bound no policy');
      return { loanId: loan.id, policyId };
    },
    async retrievedPolicy() {
      const loan = await env.createLoan();
      const { retrievalUrl } = await adapter.initiatePolicyRetrieval(loan.id);
      await env.signInAtCarrier(retrievalUrl);
      const policyId = sandbox.inspectLoan(loan.id)?.policyIds[0];
      if (!policyId) throw new Error('The sandbox retrieved no policy');
      return { loanId: loan.id, policyId };
    },
    async signInAtCarrier(retrievalUrl) {
      // The hosted page's form, as posted from inside the frame: straight to the sandbox, before
      // the story renders.
      const form = new FormData();
      form.set('carrier', SANDBOX_CARRIERS[0]?.name ?? '');
      form.set('username', RETRIEVAL_USERS[0]);
      form.set('password', sandbox.sandboxPassword);
      const response = await sandbox.handler(
        new Request(retrievalUrl, { method: 'POST', body: form }),
      );
      if (!response.ok) throw new Error(`Signing in at the carrier failed: ${response.status}`);
    },
  };
  return env;
}
