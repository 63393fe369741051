import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHttpAdapter } from '../../src/adapter/index.js';
import type { Loan } from '../../src/core/schemas/loan.js';
import type { LoanEvent } from '../../src/core/schemas/loanEvent.js';
import type { QuoteDisplay } from '../../src/core/schemas/quoteDisplay.js';
import type { InsuranceContextValue } from '../../src/hooks/InsuranceContext.js';
import {
  createInsuranceQueryClient,
  insuranceKeys,
  insuranceMutations,
  insuranceQueries,
} from '../../src/hooks/index.js';
import { joinLoanEvents } from '../../src/hooks/joinLoanEvents.js';
import { createLoanApplicationFixture } from '../../src/testing/index.js';
import type { LimitedCallLog } from '../support/recordLimitedCalls.js';
import { recordLimitedCalls } from '../support/recordLimitedCalls.js';
import type { Stack } from '../support/startStack.js';
import { API, SESSION_HEADER, startStack } from '../support/startStack.js';

// Whole shop flows over real HTTP on 127.0.0.1 (sandbox → webhooks → BFF → event streams), read
// by pages that run the hooks' own queries, mutations and event handling (the React Query
// observers `useQuery` and `useMutation` are made of), counting what reaches the service's
// rate-limited operations (submit, get loan, shop): two per flow, whoever reads the loan.

const QUOTE_DELAY_MS = 40_000;
const WAIT = { timeout: 10_000, interval: 20 };

let stack: Stack;
let limited: LimitedCallLog;

beforeAll(async () => {
  // The sandbox's clock is moved by the tests: quoting ends when they say so.
  stack = await startStack({ sandbox: { clock: 'manual', quoteDelayMs: QUOTE_DELAY_MS } });
  limited = recordLimitedCalls(stack.sandbox);
});

afterAll(async () => {
  await stack.close();
});

/**
 * A browser page of `session`: its own adapter and query client (a reload is a new page), with
 * the loan, the shopped loan and the quote display mounted and the loan's events followed, as
 * `useLoan`, `useShoppedLoan`, `useQuoteDisplay` and `useShop` do.
 */
function openPage(session: string) {
  const adapter = createHttpAdapter({
    baseUrl: `${stack.origin}${API}`,
    headers: { [SESSION_HEADER]: session },
  });
  const queryClient = createInsuranceQueryClient();
  const keys = insuranceKeys(adapter);
  const queries = insuranceQueries(adapter);
  const mutations = insuranceMutations(adapter);
  const context = { adapter, queryClient } as InsuranceContextValue;
  const leaving: Array<() => void> = [];
  const mount = (loanId: string) => {
    for (const options of [
      queries.loan(loanId),
      queries.shoppedLoan(loanId),
      queries.quoteDisplay(loanId),
    ]) {
      const observer = new QueryObserver(queryClient, options as never);
      leaving.push(observer.subscribe(() => undefined));
    }
  };
  return {
    mutations,
    run<T, V>(options: unknown, variables: V): Promise<T> {
      return new MutationObserver(queryClient, options as never).mutate(
        variables as never,
      ) as Promise<T>;
    },
    /** Mounts the loan's reads and follows its events. */
    follow(loanId: string) {
      mount(loanId);
      leaving.push(joinLoanEvents(context, loanId));
    },
    /** Components mounting and unmounting again over the same cache (re-renders, navigation). */
    rerender(loanId: string, times: number) {
      for (let i = 0; i < times; i++) {
        const before = leaving.length;
        mount(loanId);
        for (const off of leaving.splice(before)) off();
      }
    },
    loan: (loanId: string) => queryClient.getQueryData<Loan>(keys.loan(loanId)),
    display: (loanId: string) => queryClient.getQueryData<QuoteDisplay>(keys.quoteDisplay(loanId)),
    events: (loanId: string) =>
      (queryClient.getQueryData<LoanEvent[]>(keys.loanEvents(loanId)) ?? []).map((e) => e.type),
    close() {
      for (const off of leaving.splice(0)) off();
      queryClient.clear();
    },
  };
}
type Page = ReturnType<typeof openPage>;

/** Creates a loan, records consent and shops it in `page`; returns the loan id. */
async function createAndShop(page: Page, firstName: string, loanNumber: string) {
  const input = createLoanApplicationFixture({ loanNumber, primaryBorrower: { firstName } });
  const loan = await page.run<Loan, unknown>(page.mutations.createLoanApplication(), input);
  page.follow(loan.id);
  await page.run(page.mutations.recordConsent('consent'), {
    id: loan.id,
    termsOfServiceId: 'tos-1',
  });
  await page.run(page.mutations.shop(loan.id), undefined);
  return loan.id;
}

const statusIn = (page: Page, loanId: string) => page.loan(loanId)?.status;

describe('rate-limited upstream calls per shop flow', () => {
  it('a shop flow costs exactly 2 (submit and shop) with two tabs, a reload mid-quote and after the quotes, re-renders, a host reading the loan and a bound policy', async () => {
    const before = limited.times.length;
    const session = 'borrower-1';
    const tab1 = openPage(session);
    const loanId = await createAndShop(tab1, 'Bind_policy', 'RL-1');
    const tab2 = openPage(session);
    tab2.follow(loanId);
    await vi.waitFor(() => expect(statusIn(tab2, loanId)).toBe('RC1_RATING'), WAIT);
    tab1.rerender(loanId, 5);
    tab2.rerender(loanId, 5);

    // A reload mid-quote: a new page reads the loan and learns it is quoting.
    tab2.close();
    const reloaded = openPage(session);
    reloaded.follow(loanId);
    await vi.waitFor(() => expect(statusIn(reloaded, loanId)).toBe('RC1_RATING'), WAIT);

    // Quoting ends: loan.shopped and policy.bound reach the webhook receiver, then every page.
    await stack.sandbox.advance(QUOTE_DELAY_MS);
    for (const page of [tab1, reloaded]) {
      await vi.waitFor(() => {
        expect(statusIn(page, loanId)).toBe('RC1_RATED');
        expect(page.display(loanId)?.quotes.length).toBeGreaterThan(0);
        expect(page.events(loanId)).toEqual(
          expect.arrayContaining(['loan.shopped', 'policy.bound']),
        );
      }, WAIT);
    }
    tab1.rerender(loanId, 5);

    // A reload after the quotes, and the host's own reads of the loan.
    const later = openPage(session);
    later.follow(loanId);
    await vi.waitFor(() => expect(statusIn(later, loanId)).toBe('RC1_RATED'), WAIT);
    const host = stack.browser(session);
    for (let i = 0; i < 3; i++) {
      const read = await host.call('GET', `/loans/${loanId}`);
      expect(read.json.status).toBe('RC1_RATED');
    }

    expect(limited.times.length - before).toBe(2);
    for (const page of [tab1, reloaded, later]) page.close();
  });

  it('a shop whose quoting fails reports RC1_ERRORED through the display, still for 2 calls', async () => {
    const before = limited.times.length;
    const page = openPage('borrower-2');
    const loanId = await createAndShop(page, 'Rating_error', 'RL-2');
    await vi.waitFor(() => expect(statusIn(page, loanId)).toBe('RC1_RATING'), WAIT);
    await stack.sandbox.advance(QUOTE_DELAY_MS);
    await vi.waitFor(() => expect(statusIn(page, loanId)).toBe('RC1_ERRORED'), WAIT);
    expect(page.display(loanId)?.status).toBe('RC1_ERRORED');
    expect(limited.times.length - before).toBe(2);
    page.close();
  });

  it('ten flows at once cost 20', async () => {
    const before = limited.times.length;
    const pages = Array.from({ length: 10 }, (_, i) => openPage(`borrower-many-${i}`));
    const loanIds = await Promise.all(
      pages.map((page, i) => createAndShop(page, 'Avery', `RL-MANY-${i}`)),
    );
    await stack.sandbox.advance(QUOTE_DELAY_MS);
    for (const [i, page] of pages.entries()) {
      const loanId = loanIds[i] as string;
      await vi.waitFor(() => expect(statusIn(page, loanId)).toBe('RC1_RATED'), WAIT);
      page.close();
    }
    expect(limited.times.length - before).toBe(20);
  });
});
