import { afterEach } from 'vitest';
import type { LoanApplicationFixtureOverrides } from '../../src/testing/createLoanApplicationFixture.js';
import { createLoanApplicationFixture } from '../../src/testing/createLoanApplicationFixture.js';
import { BIND_POLICY_FIRST_NAME } from '../../src/testing/index.js';
import type { Stack, StackOptions } from './startStack.js';
import { startStack } from './startStack.js';
import { until } from './until.js';

// Steps of a borrower's flow through a started stack (startStack.ts), for the integration tests.

/** A browser of one session on a stack's BFF. */
export type StackBrowser = ReturnType<Stack['browser']>;

/** A loan's events, as a browser pages them from the BFF. */
export type LoanEvents = Array<{ event: { type: string; policyId?: string } }>;

/**
 * For one test file: the returned `start(options)` starts a stack ({@link startStack}), which is
 * closed after the test that started it.
 */
export function stackPerTest(): (options?: StackOptions) => Promise<Stack> {
  let stack: Stack | undefined;
  afterEach(async () => {
    await stack?.close();
    stack = undefined;
  });
  return async (options) => {
    stack = await startStack(options);
    return stack;
  };
}

/**
 * Submits, through the BFF, loan `loanNumber` whose primary borrower (the sandbox's
 * `Bind_policy`, with `primaryBorrower` on top) has a policy bound once the loan is shopped: the
 * BFF's answer.
 */
export function submitBindingLoan(
  borrower: StackBrowser,
  loanNumber: string,
  primaryBorrower: LoanApplicationFixtureOverrides['primaryBorrower'] = {},
) {
  return borrower.call(
    'POST',
    '/loans',
    createLoanApplicationFixture({
      loanNumber,
      primaryBorrower: { firstName: BIND_POLICY_FIRST_NAME, ...primaryBorrower },
    }),
  );
}

/** Waits until the loan's loan.shopped and policy.bound have reached the BFF: its events. */
export function shoppedAndBound(borrower: StackBrowser, loanId: string): Promise<LoanEvents> {
  return until('loan.shopped and policy.bound in the BFF', async () => {
    const page = await borrower.call('GET', `/loans/${loanId}/events?after=`);
    const list: LoanEvents = page.json.events;
    const types = list.map((e) => e.event.type);
    return types.includes('loan.shopped') && types.includes('policy.bound') ? list : undefined;
  });
}

/**
 * Waits until the stack's sandbox has made two webhook deliveries, answered or refused (`what`
 * says which, for a time-out): its deliveries.
 */
export function twoDeliveries(stack: Stack, what = 'both deliveries answered') {
  return until(what, async () =>
    stack.sandbox.deliveries.length >= 2 ? stack.sandbox.deliveries : undefined,
  );
}
