import type { QueryClient } from '@tanstack/react-query';
import { render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, expect, vi } from 'vitest';
import type { InsuranceAdapter } from '../../src/adapter/InsuranceAdapter.js';
import { createHttpAdapter } from '../../src/adapter/index.js';
import type { LoanApplicationInput } from '../../src/core/index.js';
import { InsuranceProvider } from '../../src/hooks/index.js';
import type { LoanApplicationFixtureOverrides } from '../../src/testing/createLoanApplicationFixture.js';
import { createLoanApplicationFixture } from '../../src/testing/createLoanApplicationFixture.js';
import { createInsuranceHandlers } from '../../src/testing/msw/index.js';
import type { SandboxServiceOptions } from '../../src/testing/sandbox/createSandboxService.js';
import { createSandboxService } from '../../src/testing/sandbox/createSandboxService.js';
import { SANDBOX_CARRIERS } from '../../src/testing/sandbox/sandboxCarriers.js';
import { mswServer } from './mswServer.js';

/** The BFF as the page sees it (jsdom runs at http://localhost:3000). */
export const BASE = '/api/insurance';

/** A request as it left the page. */
export interface SentRequest {
  method: string;
  /** Path relative to {@link BASE}, e.g. `/loans/ln_1/shop`. */
  path: string;
  idempotencyKey: string | null;
}

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  sessionStorage.clear();
  vi.useRealTimers();
});

/**
 * A sandbox behind the MSW handlers (manual clock, quoting takes 40 s), an HTTP adapter talking
 * to it, and a record of every request the page sends (the event stream aside).
 */
export function setupSandbox(options: SandboxServiceOptions = {}) {
  const sandbox = createSandboxService({ clock: 'manual', quoteDelayMs: 40_000, ...options });
  const { handlers, bff } = createInsuranceHandlers({ sandbox });
  mswServer.use(...handlers);
  const requests: SentRequest[] = [];
  const onStart = ({ request }: { request: Request }) => {
    const path = new URL(request.url).pathname.replace(BASE, '');
    if (path.endsWith('/events')) return;
    requests.push({
      method: request.method,
      path,
      idempotencyKey: request.headers.get('idempotency-key'),
    });
  };
  mswServer.events.on('request:start', onStart);
  cleanups.push(() => {
    mswServer.events.removeListener('request:start', onStart);
    sandbox.dispose();
  });
  const adapter = createHttpAdapter({ baseUrl: BASE });

  return {
    sandbox,
    /** The mock BFF behind the handlers, for scenarios that pass a request through. */
    bff,
    adapter,
    requests,
    /** Answers from the sandbox only again (after a scenario was placed in front of it). */
    reinstall() {
      mswServer.resetHandlers(...handlers);
    },
    /** Requests whose `METHOD path` matches, e.g. `sent(/^GET \/loans\/[^/]+$/)`. */
    sent: (pattern: RegExp) => requests.filter((r) => pattern.test(`${r.method} ${r.path}`)),
    /** A loan application created directly (not counted), with consent recorded if asked. */
    async createLoan(
      overrides: LoanApplicationFixtureOverrides = {},
      { consent = true, tcpa = false } = {},
    ) {
      const loan = await adapter.createLoanApplication(createLoanApplicationFixture(overrides));
      const terms = { id: loan.id, termsOfServiceId: 'tos_v1' };
      if (consent) await adapter.recordConsent(terms);
      if (tcpa) await adapter.recordTcpaConsent(terms);
      requests.length = 0;
      return loan;
    },
    /** A loan application already quoted (rated), the requests forgotten. */
    async ratedLoan(overrides: LoanApplicationFixtureOverrides = {}) {
      const loan = await this.createLoan(overrides);
      await adapter.shopLoan(loan.id);
      await sandbox.advance(40_000);
      requests.length = 0;
      return loan;
    },
  };
}

/** How the tests render: under StrictMode, with a given QueryClient. */
export interface RenderOptions {
  strict?: boolean;
  queryClient?: QueryClient;
}

/** A wrapper rendering children inside an `InsuranceProvider`. */
export function providerFor(adapter: InsuranceAdapter, queryClient?: QueryClient) {
  return function Wrapper({ children }: { children?: ReactNode }) {
    return (
      <InsuranceProvider adapter={adapter} queryClient={queryClient}>
        {children}
      </InsuranceProvider>
    );
  };
}

// React 19 double-invokes effects only under a StrictMode at the root, which is where Testing
// Library's `reactStrictMode` puts it.
/** `renderHook` inside a provider for `adapter` (under StrictMode when asked). */
export function renderWithProvider<T>(
  hook: () => T,
  adapter: InsuranceAdapter,
  { strict = false, queryClient }: RenderOptions = {},
) {
  return renderHook(hook, { wrapper: providerFor(adapter, queryClient), reactStrictMode: strict });
}

/** `render` inside a provider for `adapter` (under StrictMode when asked). */
export function renderInProvider(
  ui: ReactNode,
  adapter: InsuranceAdapter,
  { strict = false, queryClient }: RenderOptions = {},
) {
  return render(ui, { wrapper: providerFor(adapter, queryClient), reactStrictMode: strict });
}

/** A valid application, as typed by a borrower. */
export const application = (overrides?: LoanApplicationFixtureOverrides): LoanApplicationInput =>
  createLoanApplicationFixture(overrides);

/** Lets pending promises, stream reads and MSW handlers run (under fake timers too). */
export async function flush(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((r) => setTimeout(r, 0));
}

/** Signs in as `user_good` on the sandbox's hosted retrieval page, as the borrower would. */
export async function signInToCarrier(retrievalUrl: string, password: string) {
  const response = await fetch(retrievalUrl, {
    method: 'POST',
    body: new URLSearchParams({
      carrier: SANDBOX_CARRIERS[0]?.name ?? '',
      username: 'user_good',
      password,
    }),
  });
  expect(response.status).toBe(200);
}
