import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { QuoteCards } from '../../src/components/QuoteCards/index.js';
import type { QuoteDisplay } from '../../src/core/index.js';
import { InsuranceProvider } from '../../src/hooks/index.js';
import { failing } from '../../src/testing/msw/index.js';
import { expectNoAxeViolations } from '../support/expectNoAxeViolations.js';
import { setupSandbox } from '../support/insuranceHarness.js';
import { mswServer } from '../support/mswServer.js';

// A choice is recorded once it settles: a click, Space or Enter at once; arrow-key moves after
// a quiet time or when focus leaves the group. The select requests are counted at the network.

const SELECT = /^POST \/loans\/[^/]+\/quotes\/[^/]+\/select$/;

type Env = ReturnType<typeof setupSandbox>;

function renderCards(env: Env, ui: ReactNode) {
  return render(ui, {
    reactStrictMode: true,
    wrapper: ({ children }: { children?: ReactNode }) => (
      <main>
        <InsuranceProvider adapter={env.adapter}>{children}</InsuranceProvider>
      </main>
    ),
  });
}

/**
 * A rated loan whose display lists all six of its quotes (the sandbox recommends three), the
 * fake clock and the user set up.
 */
async function sixQuotes() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const env = setupSandbox();
  const loan = await env.ratedLoan({ loanNumber: 'LN-100201' });
  const { quotes } = await env.adapter.getShoppedLoan(loan.id);
  if (quotes.length < 6) throw new Error('fixture: expected six quotes');
  mswServer.use(
    http.get('*/api/insurance/loans/:loanId/display', async ({ request }) => {
      const display = (await (await env.bff.handler(request)).json()) as QuoteDisplay;
      return HttpResponse.json({ ...display, quotes });
    }),
  );
  env.requests.length = 0;
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  return { env, loan, ids: quotes.map((q) => q.id), user };
}

const selectedPaths = (env: Env) => env.sent(SELECT).map((r) => r.path.split('/')[4]);
const checkedValue = () =>
  screen
    .getAllByRole('radio')
    .filter((r) => (r as HTMLInputElement).checked)
    .map((r) => (r as HTMLInputElement).value);

// Each test walks the quotes under a fake clock, and axe checks six cards: slow on a busy machine.
describe('QuoteCards records one choice per settled decision', { timeout: 20_000 }, () => {
  it('arrowing through five quotes sends one select request, for the quote the borrower stopped on', async () => {
    const { env, loan, ids, user } = await sixQuotes();
    const onSelect = vi.fn();
    renderCards(env, <QuoteCards loanId={loan.id} onSelect={onSelect} />);
    const radios = await screen.findAllByRole('radio');

    await user.tab();
    expect(radios[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    // Shown at once, while nothing is sent yet.
    expect(radios[4]).toHaveFocus();
    expect(checkedValue()).toEqual([ids[4]]);
    expect(within(radios[4]?.closest('[data-slot="card"]') as HTMLElement).getByText('Selected'));
    expect(root()).toHaveAttribute('data-state', 'selected');
    expect(env.sent(SELECT)).toHaveLength(0);
    await expectNoAxeViolations();

    await vi.advanceTimersByTimeAsync(500);
    expect(env.sent(SELECT)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(500);
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(ids[4]));
    expect(selectedPaths(env)).toEqual([ids[4]]);
    expect(env.sandbox.inspectLoan(loan.id)?.selectedQuoteId).toBe(ids[4]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(env.sent(SELECT)).toHaveLength(1);
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(checkedValue()).toEqual([ids[4]]);
  });

  it('a click sends one request at once, and clicking the recorded quote again sends none', async () => {
    const { env, loan, ids, user } = await sixQuotes();
    const onSelect = vi.fn();
    renderCards(env, <QuoteCards loanId={loan.id} onSelect={onSelect} />);
    const radios = await screen.findAllByRole('radio');

    await user.click(radios[2] as HTMLElement);
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(ids[2]));
    expect(selectedPaths(env)).toEqual([ids[2]]);

    await user.click(radios[2] as HTMLElement);
    await user.click(within(cardOf(radios[2])).getByText(/per year/));
    await vi.advanceTimersByTimeAsync(2000);
    expect(env.sent(SELECT)).toHaveLength(1);
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(checkedValue()).toEqual([ids[2]]);
  });

  it('arrowing away and back to the recorded quote sends nothing', async () => {
    const { env, loan, ids, user } = await sixQuotes();
    renderCards(env, <QuoteCards loanId={loan.id} />);
    const radios = await screen.findAllByRole('radio');
    await user.click(radios[0] as HTMLElement);
    await waitFor(() => expect(env.sandbox.inspectLoan(loan.id)?.selectedQuoteId).toBe(ids[0]));

    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}{ArrowUp}');
    await vi.advanceTimersByTimeAsync(2000);
    expect(env.sent(SELECT)).toHaveLength(1);
    expect(checkedValue()).toEqual([ids[0]]);
    expect(root()).toHaveAttribute('data-state', 'selected');
  });

  it('records an arrow-key choice at once when focus leaves the group, or on Space or Enter', async () => {
    const { env, loan, ids, user } = await sixQuotes();
    // A quiet time longer than the test: only leaving, Space or Enter can settle a choice here.
    renderCards(env, <QuoteCards loanId={loan.id} settleMs={600_000} />);
    const radios = await screen.findAllByRole('radio');
    await user.tab();

    await user.keyboard('{ArrowDown}');
    await user.tab();
    expect(within(cardOf(radios[1])).getByRole('link')).toHaveFocus();
    await waitFor(() => expect(selectedPaths(env)).toEqual([ids[1]]));

    await user.tab({ shift: true });
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');
    await waitFor(() => expect(selectedPaths(env)).toEqual([ids[1], ids[2]]));

    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(selectedPaths(env)).toEqual([ids[1], ids[2], ids[3]]));
    await waitFor(() => expect(env.sandbox.inspectLoan(loan.id)?.selectedQuoteId).toBe(ids[3]));
    expect(checkedValue()).toEqual([ids[3]]);
  });

  it('takes its quiet time from settleMs', async () => {
    const { env, loan, ids, user } = await sixQuotes();
    renderCards(env, <QuoteCards loanId={loan.id} settleMs={3000} />);
    await screen.findAllByRole('radio');
    await user.tab();
    await user.keyboard('{ArrowDown}');

    await vi.advanceTimersByTimeAsync(2000);
    expect(env.sent(SELECT)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    await waitFor(() => expect(selectedPaths(env)).toEqual([ids[1]]));
  });

  it('rolls a refused arrow-key choice back to the recorded one', async () => {
    const { env, loan, ids, user } = await sixQuotes();
    renderCards(env, <QuoteCards loanId={loan.id} />);
    const radios = await screen.findAllByRole('radio');
    await user.click(radios[0] as HTMLElement);
    await waitFor(() => expect(env.sandbox.inspectLoan(loan.id)?.selectedQuoteId).toBe(ids[0]));
    mswServer.use(failing('selectQuote'));

    await user.keyboard('{ArrowDown}');
    expect(checkedValue()).toEqual([ids[1]]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not save your choice. Please choose again.',
    );
    await waitFor(() => expect(checkedValue()).toEqual([ids[0]]));
    expect(env.sent(SELECT)).toHaveLength(2);
    await expectNoAxeViolations();
  });
});

const root = () => document.querySelector('.lir-QuoteCards');
const cardOf = (radio: HTMLElement | undefined) =>
  radio?.closest('[data-slot="card"]') as HTMLElement;
