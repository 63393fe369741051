import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { InsuranceFlowEvent, InsuranceFlowProps } from '../../src/flows/index.js';
import { INSURANCE_FLOW_EVENT_NAMES, InsuranceFlow } from '../../src/flows/index.js';
import { InsuranceProvider } from '../../src/hooks/index.js';
import { expectNoAxeViolations } from '../support/expectNoAxeViolations.js';
import { setupSandbox } from '../support/insuranceHarness.js';

type Env = ReturnType<typeof setupSandbox>;

const SELECT = /^POST \/loans\/[^/]+\/quotes\/[^/]+\/select$/;
const CLOSE = /^PATCH \/loans\/[^/]+\/close$/;

function renderFlow(env: Env, props: Partial<InsuranceFlowProps> = {}, locale = 'en-US') {
  const events: InsuranceFlowEvent[] = [];
  const onEvent = vi.fn((event: InsuranceFlowEvent) => events.push(event));
  const onComplete = vi.fn();
  const onExit = vi.fn();
  const view = render(
    <InsuranceProvider adapter={env.adapter} locale={locale}>
      <main>
        <InsuranceFlow
          lenderName="Acme Home Loans"
          termsOfServiceId="terms_v1"
          tcpaTermsOfServiceId="tcpa_v1"
          onEvent={onEvent}
          onComplete={onComplete}
          onExit={onExit}
          {...props}
        />
      </main>
    </InsuranceProvider>,
  );
  const root = () => view.container.querySelector('.lir-InsuranceFlow') as HTMLElement;
  const atStep = (step: string) =>
    waitFor(() => expect(root()).toHaveAttribute('data-state', step), { timeout: 5000 });
  const names = () => events.map((e) => e.name);
  return { ...view, root, atStep, events, names, onComplete, onExit };
}

function fakeTime() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

/** Everything an event may never carry: the borrower's personal data. */
function expectNoPersonalData(events: InsuranceFlowEvent[], ...values: string[]) {
  const text = JSON.stringify(events);
  for (const value of values) expect(text).not.toContain(value);
  for (const event of events) expect(INSURANCE_FLOW_EVENT_NAMES).toContain(event.name);
}

// Whole walks with axe on every step: longer than one component's test.
describe('InsuranceFlow', { timeout: 20_000 }, () => {
  it('shops from a loan id: choice, consent, quoting, quotes, with analytics events in order', async () => {
    const user = fakeTime();
    const env = setupSandbox();
    const loan = await env.createLoan(
      { primaryBorrower: { firstName: 'Avery', email: 'avery@example.com' } },
      { consent: false },
    );
    const flow = renderFlow(env, { loanId: loan.id });
    await flow.atStep('choose');
    expect(screen.getByRole('heading', { name: 'How would you like to insure your home?' }));
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: /I need insurance/ }));
    await flow.atStep('consent');
    expect(screen.getByRole('heading', { name: 'Before we get your quotes' })).toHaveFocus();
    await expectNoAxeViolations();
    await user.click(screen.getByRole('checkbox', { name: /insurance shopping terms/ }));
    await user.click(screen.getByRole('button', { name: 'Agree and get quotes' }));

    await flow.atStep('quoting');
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Talk to a licensed advisor' })).toBeNull();
    await expectNoAxeViolations();

    await act(() => env.sandbox.advance(40_000));
    await flow.atStep('quotes');
    expect((await screen.findAllByRole('radio')).length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'Talk to a licensed advisor' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'I bought insurance elsewhere' }),
    ).toBeInTheDocument();
    await expectNoAxeViolations();

    expect(flow.names()).toEqual([
      'OPEN',
      'STEP_VIEW',
      'PATH_CHOSEN',
      'STEP_VIEW',
      'CONSENT_RECORDED',
      'STEP_VIEW',
      'STEP_VIEW',
      'QUOTES_READY',
    ]);
    expect(flow.events[0]).toMatchObject({
      name: 'OPEN',
      step: 'choose',
      loanId: loan.id,
      resumed: false,
    });
    expect(flow.events.at(-1)?.quoteCount).toBeGreaterThan(0);
    expectNoPersonalData(flow.events, 'Avery', 'avery@example.com');
  });

  it('resumes a quoted application at its quotes, and reports it as resumed', async () => {
    fakeTime();
    const env = setupSandbox();
    const loan = await env.ratedLoan();
    const flow = renderFlow(env, { loanId: loan.id });
    await flow.atStep('quotes');
    expect((await screen.findAllByRole('radio')).length).toBeGreaterThan(0);
    expect(flow.events[0]).toMatchObject({ name: 'OPEN', step: 'quotes', resumed: true });
    // The first step of a visit does not take focus from the page.
    expect(screen.getByRole('heading', { name: 'Your quotes' })).not.toHaveFocus();
  });

  it('ends at "you’re covered" once a policy is bound, with no quote choice left, and completes once', async () => {
    fakeTime();
    const env = setupSandbox();
    const loan = await env.createLoan({ primaryBorrower: { firstName: 'Bind_policy' } });
    await env.adapter.shopLoan(loan.id);
    const flow = renderFlow(env, { loanId: loan.id });
    await flow.atStep('quoting');
    await act(() => env.sandbox.advance(40_000));
    await flow.atStep('covered');
    expect(screen.getByRole('heading', { name: 'You’re covered' })).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'You’re covered' })).toBeInTheDocument();
    const policies = await screen.findByRole('list', { name: 'Your policies' });
    await waitFor(() =>
      expect(within(policies).getAllByRole('listitem').length).toBeGreaterThan(0),
    );
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: 'I bought insurance elsewhere' })).toBeNull();
    await waitFor(() => expect(flow.onComplete).toHaveBeenCalledTimes(1));
    expect(flow.onComplete).toHaveBeenCalledWith(
      expect.objectContaining({ loanId: loan.id, resumed: false }),
    );
    expect(flow.onComplete.mock.calls[0]?.[0].policyIds.length).toBeGreaterThan(0);
    expect(flow.names()).toContain('POLICY_RECEIVED');
    expect(flow.names().at(-1)).toBe('COMPLETE');
    await expectNoAxeViolations();
  });

  it('opens a visit after the policy was bound at "you’re covered", and completes once', async () => {
    fakeTime();
    const env = setupSandbox();
    const loan = await env.createLoan({ primaryBorrower: { firstName: 'Bind_policy' } });
    await env.adapter.shopLoan(loan.id);
    await env.sandbox.advance(40_000);
    const flow = renderFlow(env, { loanId: loan.id });
    await flow.atStep('covered');
    await waitFor(() => expect(flow.onComplete).toHaveBeenCalledTimes(1));
    expect(flow.onComplete.mock.calls[0]?.[0]).toMatchObject({ loanId: loan.id });
    expect(flow.onComplete.mock.calls[0]?.[0].policyIds).toHaveLength(1);
    // Past the start when it opened (the loan was read as quoted, or its policy came first).
    expect(flow.events[0]).toMatchObject({ name: 'OPEN', resumed: true });
  });

  it('does not call a cancelled policy coverage', async () => {
    fakeTime();
    const env = setupSandbox();
    const loan = await env.createLoan({ primaryBorrower: { firstName: 'Cancelled_policy' } });
    await env.adapter.shopLoan(loan.id);
    const flow = renderFlow(env, { loanId: loan.id });
    await act(() => env.sandbox.advance(40_000));
    await flow.atStep('lapsed');
    expect(screen.getByRole('heading', { name: 'Your policy is no longer in force' }));
    expect(await screen.findByRole('button', { name: 'I already have a policy' })).toBeVisible();
    expect(flow.onComplete).not.toHaveBeenCalled();
    await expectNoAxeViolations();
  });

  it('offers an advisor, an existing policy and the hosted page when quoting fails', async () => {
    const user = fakeTime();
    const env = setupSandbox();
    const loan = await env.createLoan({ primaryBorrower: { firstName: 'Rating_error' } });
    await env.adapter.shopLoan(loan.id);
    const flow = renderFlow(env, { loanId: loan.id });
    await flow.atStep('quoting');
    await act(() => env.sandbox.advance(40_000));
    await flow.atStep('quotingFailed');
    expect(screen.getByRole('heading', { name: 'We could not get quotes online for this home' }));
    expect(
      await screen.findByRole('heading', { name: 'Talk to a licensed advisor' }),
    ).toBeVisible();
    expect(
      await screen.findByRole('checkbox', { name: 'I agree to be contacted about home insurance' }),
    ).toBeInTheDocument();
    const hosted = screen.getByRole('link', { name: /partner’s page/ });
    expect(hosted).toHaveAttribute('target', '_blank');
    expect(hosted.getAttribute('href')).toMatch(/^http:\/\/(127\.0\.0\.1|localhost)/);
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: 'I already have a policy' }));
    await flow.atStep('retrieval');
    expect(screen.getByRole('heading', { name: 'Share your existing policy' })).toHaveFocus();
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await flow.atStep('quotingFailed');
    expect(flow.names()).toContain('QUOTING_FAILED');
  });

  it('asks before closing the application, says what it does, and reports the exit', async () => {
    const user = fakeTime();
    const env = setupSandbox();
    const loan = await env.ratedLoan();
    const flow = renderFlow(env, { loanId: loan.id });
    await flow.atStep('quotes');
    await user.click(screen.getByRole('button', { name: 'I bought insurance elsewhere' }));
    const confirm = screen.getByRole('group', { name: 'Close your insurance application?' });
    expect(confirm).toHaveTextContent('We stop shopping for quotes and no advisor will call you.');
    expect(
      screen.getByRole('heading', { name: 'Close your insurance application?' }),
    ).toHaveFocus();
    await expectNoAxeViolations();
    await user.click(within(confirm).getByRole('button', { name: 'Keep my application' }));
    expect(screen.getByRole('button', { name: 'I bought insurance elsewhere' })).toHaveFocus();
    expect(env.sent(CLOSE)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'I bought insurance elsewhere' }));
    await user.click(screen.getByRole('button', { name: 'Yes, close my application' }));
    await flow.atStep('closed');
    expect(env.sent(CLOSE)).toHaveLength(1);
    expect(flow.onExit).toHaveBeenCalledWith({
      reason: 'insured_elsewhere',
      step: 'quotes',
      loanId: loan.id,
    });
    expect(screen.getByRole('heading', { name: 'Your insurance application is closed' }));
    await expectNoAxeViolations();
  });

  it('records a quote choice and reports it without personal data', async () => {
    const user = fakeTime();
    const env = setupSandbox();
    const loan = await env.ratedLoan({ primaryBorrower: { firstName: 'Avery' } });
    const flow = renderFlow(env, { loanId: loan.id });
    await flow.atStep('quotes');
    const [first] = await screen.findAllByRole('radio');
    await user.click(first as HTMLElement);
    await waitFor(() => expect(flow.names()).toContain('QUOTE_SELECTED'));
    expect(env.sent(SELECT)).toHaveLength(1);
    expect(flow.events.find((e) => e.name === 'QUOTE_SELECTED')?.quoteId).toMatch(/\S/);
    expectNoPersonalData(flow.events, 'Avery');
  });

  it('says when the application cannot be read, and lets the borrower leave', async () => {
    const user = fakeTime();
    const env = setupSandbox();
    const flow = renderFlow(env, { loanId: 'ln_000000000000unknown', showFinishLater: true });
    await flow.atStep('unavailable');
    expect(screen.getByRole('alert')).toHaveTextContent('contact Acme Home Loans');
    expect(flow.names()).toContain('ERROR');
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Finish later' }));
    expect(flow.onExit).toHaveBeenCalledWith(
      expect.objectContaining({
        reason: 'error',
        step: 'unavailable',
        errorCode: expect.any(String),
      }),
    );
  });

  it('speaks Spanish under an es-US provider', async () => {
    fakeTime();
    const env = setupSandbox();
    const loan = await env.createLoan({}, { consent: false });
    const flow = renderFlow(env, { loanId: loan.id }, 'es-US');
    await flow.atStep('choose');
    expect(screen.getByRole('region', { name: 'Seguro de vivienda' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '¿Cómo desea asegurar su vivienda?' }));
    expect(screen.getByRole('button', { name: /Necesito un seguro/ })).toBeInTheDocument();
    await expectNoAxeViolations();
  });
});
