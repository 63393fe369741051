import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { QuoteCards } from '../../src/components/QuoteCards/index.js';
import type { QuoteDisplay } from '../../src/core/index.js';
import type { InsuranceProviderProps } from '../../src/hooks/index.js';
import { InsuranceProvider } from '../../src/hooks/index.js';
import { failing, pending, rateLimited } from '../../src/testing/msw/index.js';
import { expectNoAxeViolations } from '../support/expectNoAxeViolations.js';
import { setupSandbox } from '../support/insuranceHarness.js';
import { mswServer } from '../support/mswServer.js';

const SELECT = /^POST \/loans\/[^/]+\/quotes\/[^/]+\/select$/;
const DISPLAY = /^GET \/loans\/[^/]+\/display$/;
const LEGEND = 'Choose your home insurance quote';

type Env = ReturnType<typeof setupSandbox>;
type Extra = Partial<Omit<InsuranceProviderProps, 'adapter' | 'children'>>;

function renderCards(env: Env, ui: ReactNode, provider: Extra = {}) {
  return render(ui, {
    // Under StrictMode, as hosts in development render: double effects must not double requests.
    reactStrictMode: true,
    wrapper: ({ children }: { children?: ReactNode }) => (
      // Inside a landmark, as on a host page (axe's `region` rule).
      <main>
        <InsuranceProvider adapter={env.adapter} {...provider}>
          {children}
        </InsuranceProvider>
      </main>
    ),
  });
}

/** A rated loan, and its quote display as the service answers it. */
async function ratedLoanWithDisplay(env: Env) {
  const loan = await env.ratedLoan();
  const display = await env.adapter.getQuoteDisplay(loan.id);
  return { loan, display };
}

/** Serves the sandbox's quote display changed by `edit`. */
function serveDisplay(env: Env, edit: (display: QuoteDisplay) => QuoteDisplay) {
  mswServer.use(
    http.get('*/api/insurance/loans/:loanId/display', async ({ request }) => {
      const answer = await env.bff.handler(request);
      return HttpResponse.json(edit((await answer.json()) as QuoteDisplay));
    }),
  );
}

const root = () => screen.getByRole('group', { name: LEGEND }).closest('.lir-QuoteCards');
/** The card of a quote's radio: its header labels the radio, its terms follow. */
const cardOf = (radio: HTMLElement | undefined) =>
  radio?.closest('[data-slot="card"]') as HTMLElement;
/** A card's terms as `name: value` lines, in the order shown. */
const termsOf = (card: HTMLElement) =>
  within(card)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
const usd = (amount: number, locale = 'en-US') =>
  new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);

// axe reads every term of every card: slow in jsdom on a busy machine.
describe('QuoteCards', { timeout: 20_000 }, () => {
  it('shows each recommended quote as a radio with carrier, prices, cover and a hosted-display link', async () => {
    const env = setupSandbox();
    const { loan, display } = await ratedLoanWithDisplay(env);
    renderCards(env, <QuoteCards loanId={loan.id} />);

    const group = await screen.findByRole('group', { name: LEGEND });
    const radios = await within(group).findAllByRole('radio');
    expect(radios).toHaveLength(display.quotes.length);
    expect(radios.every((r) => !(r as HTMLInputElement).checked)).toBe(true);
    expect(root()).toHaveAttribute('data-state', 'ready');

    const quote = display.quotes[0];
    if (!quote?.premium || !quote.monthlyPremium || !quote.coverages?.a) throw new Error('fixture');
    const radio = screen.getByRole('radio', { name: new RegExp(`^${quote.carrierName}`) });
    expect(radio).toHaveAccessibleName(
      `${quote.carrierName} ${usd(quote.premium)} per year ${usd(quote.monthlyPremium)} per month`,
    );
    const policyForm = quote.policyType === 'HO5' ? 'HO-5 comprehensive form' : 'HO-3 special form';
    expect(radio).toHaveAccessibleDescription(policyForm);
    const card = cardOf(radio);
    expect(within(card).getByRole('img', { name: `${quote.carrierName} logo` })).toHaveAttribute(
      'src',
      quote.carrierLogoUrl,
    );
    const terms = termsOf(card);
    expect(terms[0]).toBe(`Policy form: ${policyForm}`);
    expect(terms[1]).toMatch(/^Effective date: \w{3} \d{1,2}, \d{4}$/);
    expect(terms).toContain(`Dwelling (Coverage A): ${usd(quote.coverages.a.amount)}`);
    expect(within(card).queryByText('Selected')).toBeNull();
    // The wind deductible's amount where the quote includes one, "Not included" where not.
    radios.forEach((r, i) => {
      const wind = display.quotes[i]?.deductibles?.wind;
      expect(termsOf(cardOf(r))).toContain(
        `Wind and hail: ${wind?.included ? usd(wind.amount) : 'Not included'}`,
      );
    });

    const link = screen.getByRole('link', { name: 'See all quotes (opens in a new tab)' });
    expect(link).toHaveAttribute('href', display.hostedDisplayUrl);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expectNoAxeViolations();
  });

  it('selecting a quote sends one select request, marks the card Selected and then calls onSelect', async () => {
    const env = setupSandbox();
    const { loan, display } = await ratedLoanWithDisplay(env);
    const onSelect = vi.fn();
    const user = userEvent.setup();
    renderCards(env, <QuoteCards loanId={loan.id} onSelect={onSelect} />);
    const [, second] = await screen.findAllByRole('radio');
    const quoteId = display.quotes[1]?.id;

    await user.click(second as HTMLElement);
    expect(second).toBeChecked();
    expect(within(cardOf(second)).getByText('Selected')).toBeVisible();
    expect(root()).toHaveAttribute('data-state', 'selected');
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(quoteId));
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(env.sent(SELECT)).toHaveLength(1);
    expect(env.sent(SELECT)[0]?.path).toContain(`/quotes/${quoteId}/select`);
    expect(env.sandbox.inspectLoan(loan.id)?.selectedQuoteId).toBe(quoteId);
    await waitFor(() => expect(screen.getAllByText('Selected')).toHaveLength(1));
    await expectNoAxeViolations();
  });

  it('is one tab stop: Tab reaches the group, Space records the focused quote at once, arrows move the choice', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const env = setupSandbox();
    const { loan, display } = await ratedLoanWithDisplay(env);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderCards(env, <QuoteCards loanId={loan.id} />);
    const [first, second] = await screen.findAllByRole('radio');

    await user.tab();
    expect(first).toHaveFocus();
    await user.keyboard(' ');
    expect(first).toBeChecked();
    await waitFor(() =>
      expect(env.sandbox.inspectLoan(loan.id)?.selectedQuoteId).toBe(display.quotes[0]?.id),
    );

    // Native radios: the next Tab leaves the group for the quote's own link.
    await user.tab();
    expect(
      within(cardOf(first)).getByRole('link', { name: /^Continue with this quote/ }),
    ).toHaveFocus();
    await user.tab({ shift: true });
    expect(first).toHaveFocus();

    // jsdom has no native arrow-key radio behaviour; user-event emulates the browser's here, and
    // the Storybook play test covers the real browser.
    await user.keyboard('{ArrowDown}');
    expect(second).toHaveFocus();
    expect(second).toBeChecked();
    expect(env.sent(SELECT)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    await waitFor(() =>
      expect(env.sandbox.inspectLoan(loan.id)?.selectedQuoteId).toBe(display.quotes[1]?.id),
    );
    expect(env.sent(SELECT)).toHaveLength(2);
  });

  it('U3: a double click on a quote sends one select request', async () => {
    const env = setupSandbox();
    const { loan } = await ratedLoanWithDisplay(env);
    mswServer.use(
      http.post('*/api/insurance/loans/:loanId/quotes/:quoteId/select', async ({ request }) => {
        await delay(100);
        return env.bff.handler(request);
      }),
    );
    const onSelect = vi.fn();
    const user = userEvent.setup();
    renderCards(env, <QuoteCards loanId={loan.id} onSelect={onSelect} />);
    const [first] = await screen.findAllByRole('radio');

    await user.dblClick(first as HTMLElement);
    await user.click(first as HTMLElement);
    await waitFor(() => expect(onSelect).toHaveBeenCalledTimes(1));
    expect(first).toBeChecked();
    expect(env.sent(SELECT)).toHaveLength(1);
  });

  it('U12: a refused selection rolls back and says so', async () => {
    const env = setupSandbox();
    const { loan } = await ratedLoanWithDisplay(env);
    mswServer.use(failing('selectQuote'));
    const onSelect = vi.fn();
    const user = userEvent.setup();
    renderCards(env, <QuoteCards loanId={loan.id} onSelect={onSelect} />);
    const [first] = await screen.findAllByRole('radio');

    await user.click(first as HTMLElement);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not save your choice. Please choose again.',
    );
    await waitFor(() => expect(first).not.toBeChecked());
    expect(screen.queryByText('Selected')).toBeNull();
    expect(root()).toHaveAttribute('data-state', 'ready');
    expect(onSelect).not.toHaveBeenCalled();
    expect(env.sent(SELECT)).toHaveLength(1);
    await expectNoAxeViolations();
  });

  it('U8: a rate-limited selection says when to try again and disables the quotes until then', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const env = setupSandbox();
    const { loan } = await ratedLoanWithDisplay(env);
    mswServer.use(rateLimited('selectQuote', { retryAfterSeconds: 20 }));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderCards(env, <QuoteCards loanId={loan.id} />);
    const [first] = await screen.findAllByRole('radio');

    await user.click(first as HTMLElement);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Too many requests\. Try again at .*\d{1,2}:\d{2}/,
    );
    expect(root()).toHaveAttribute('data-state', 'rateLimited');
    // The cards are laid out anew while disabled: query them again.
    const radios = () => screen.getAllByRole('radio');
    await waitFor(() => expect(radios()[0]).not.toBeChecked());
    for (const radio of radios()) expect(radio).toBeDisabled();
    // The clicked radio went with the old cards: focus stays in the component.
    expect(root()).toHaveFocus();
    await expectNoAxeViolations();
    expect(env.sent(SELECT)).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(20_000);
    await waitFor(() => expect(radios()[0]).toBeEnabled());
    expect(root()).toHaveAttribute('data-state', 'ready');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows skeleton cards, busy, while the quotes load', async () => {
    const env = setupSandbox();
    const { loan } = await ratedLoanWithDisplay(env);
    mswServer.use(pending('getQuoteDisplay'));
    renderCards(env, <QuoteCards loanId={loan.id} />);

    const group = screen.getByRole('group', { name: LEGEND });
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'loading'));
    expect(group).toHaveAttribute('aria-busy', 'true');
    expect(within(group).getByRole('status')).toHaveTextContent('Loading quotes');
    expect(group.querySelectorAll('[data-slot="skeleton"]')).toHaveLength(3);
    expect(screen.queryByRole('radio')).toBeNull();
    await expectNoAxeViolations();
  });

  it('waits, without reading quotes, while the loan is not rated yet', async () => {
    const env = setupSandbox();
    const loan = await env.createLoan();
    renderCards(env, <QuoteCards loanId={loan.id} />);

    expect(await screen.findByText('Quotes appear here when they are ready')).toHaveAttribute(
      'role',
      'status',
    );
    expect(root()).toHaveAttribute('data-state', 'waiting');
    expect(screen.queryByRole('link')).toBeNull();
    expect(env.sent(DISPLAY)).toHaveLength(0);
    await expectNoAxeViolations();
  });

  it('says no quotes are available, rather than that they are coming, once quoting failed or the application is closed', async () => {
    const env = setupSandbox();
    const failed = await env.createLoan({ primaryBorrower: { firstName: 'Rating_error' } });
    await env.adapter.shopLoan(failed.id);
    await env.sandbox.advance(40_000);
    const closed = await env.createLoan();
    await env.adapter.closeLoan(closed.id);
    renderCards(
      env,
      <>
        <QuoteCards loanId={failed.id} className="failed" />
        <QuoteCards loanId={closed.id} className="closed" />
      </>,
    );

    await waitFor(() =>
      expect(screen.getAllByText('No quotes are available for this application')).toHaveLength(2),
    );
    for (const cards of document.querySelectorAll('.lir-QuoteCards')) {
      expect(cards).toHaveAttribute('data-state', 'unavailable');
    }
    expect(env.sent(DISPLAY)).toHaveLength(0);
    await expectNoAxeViolations();
  });

  it('says there are no quotes yet when the rated loan has none', async () => {
    const env = setupSandbox();
    const loan = await env.ratedLoan();
    serveDisplay(env, (display) => ({ ...display, quotes: [] }));
    renderCards(env, <QuoteCards loanId={loan.id} />);

    expect(await screen.findByText('No quotes yet')).toBeVisible();
    expect(root()).toHaveAttribute('data-state', 'empty');
    expect(screen.queryByRole('radio')).toBeNull();
    await expectNoAxeViolations();
  });

  it('shows an alert when the quotes cannot be read, and Try again reads them again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const env = setupSandbox();
    const loan = await env.ratedLoan();
    mswServer.use(failing('getQuoteDisplay'));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderCards(env, <QuoteCards loanId={loan.id} />);

    await waitFor(() => expect(env.sent(DISPLAY)).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(10_000); // the transient-error retries
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your quotes.');
    expect(root()).toHaveAttribute('data-state', 'errored');
    await expectNoAxeViolations();

    env.reinstall();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('radio')).toHaveLength(3);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('U2 and U13: service text is shown as text, unsafe logo and display URLs never reach the page', async () => {
    const env = setupSandbox();
    const loan = await env.ratedLoan();
    const injected = '<img src=x onerror=alert(1)>';
    serveDisplay(env, (display) => ({
      ...display,
      hostedDisplayUrl: 'javascript:alert(1)',
      quotes: display.quotes.map((q, i) =>
        i === 0 ? { ...q, carrierName: injected, carrierLogoUrl: 'javascript:alert(1)' } : q,
      ),
    }));
    const { container } = renderCards(env, <QuoteCards loanId={loan.id} />);

    const radio = await screen.findByRole('radio', {
      name: new RegExp(`^${escapeRegExp(injected)}`),
    });
    const card = cardOf(radio);
    expect(within(card).getByText(injected)).toBeVisible();
    expect(within(card).queryByRole('img')).toBeNull();
    expect(card.querySelector('[data-slot="monogram"]')).toHaveTextContent('<S');
    expect(
      container.querySelector('img[src="x"], [src^="javascript"], [href^="javascript"]'),
    ).toBeNull();
    expect(screen.queryByRole('link', { name: /See all quotes/ })).toBeNull();
    await expectNoAxeViolations();
  });

  it('leaves the hosted display link out when asked', async () => {
    const env = setupSandbox();
    const loan = await env.ratedLoan();
    renderCards(env, <QuoteCards loanId={loan.id} showHostedDisplayLink={false} />);
    await screen.findAllByRole('radio');
    expect(screen.queryByRole('link', { name: /See all quotes/ })).toBeNull();
  });

  it("merges the host's className and takes texts from the provider's messages", async () => {
    const env = setupSandbox();
    const loan = await env.ratedLoan();
    renderCards(env, <QuoteCards loanId={loan.id} className="host-quotes" />, {
      messages: { 'quoteCards.legend': 'Pick your policy', 'quoteCards.seeAll': 'Compare all' },
    });
    const group = await screen.findByRole('group', { name: 'Pick your policy' });
    expect(group.parentElement).toHaveClass('lir-root', 'lir-QuoteCards', 'host-quotes');
    expect(await screen.findByRole('link', { name: /^Compare all/ })).toBeVisible();
  });

  it('makes its money formatters while it waits for quotes, once for every card', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const env = setupSandbox();
    const loan = await env.createLoan();
    await env.adapter.shopLoan(loan.id);
    const Original = Intl.NumberFormat;
    const made: string[] = [];
    // Counts the formatters made for this test's locale (no other test uses it).
    const Counting = function (this: unknown, ...args: ConstructorParameters<typeof Original>) {
      if (args[0] === 'en-AU') made.push(String(args[0]));
      return new Original(...args);
    } as unknown as typeof Intl.NumberFormat;
    Intl.NumberFormat = Counting;
    try {
      renderCards(env, <QuoteCards loanId={loan.id} />, { locale: 'en-AU' });
      await waitFor(() => expect(root()).toHaveAttribute('data-state', 'waiting'));
      const waiting = made.length;
      expect(waiting).toBeGreaterThan(0);

      await env.sandbox.advance(40_000);
      expect(await screen.findAllByRole('radio')).toHaveLength(3);
      expect(made).toHaveLength(waiting);
    } finally {
      Intl.NumberFormat = Original;
    }
  });

  it('formats US dollars and dates for the locale (en-GB)', async () => {
    const env = setupSandbox();
    const { loan, display } = await ratedLoanWithDisplay(env);
    renderCards(env, <QuoteCards loanId={loan.id} />, { locale: 'en-GB' });
    const [first] = await screen.findAllByRole('radio');
    const quote = display.quotes[0];
    if (!quote?.premium) throw new Error('fixture');

    const card = cardOf(first);
    expect(usd(quote.premium, 'en-GB')).toMatch(/^US\$/);
    expect(card).toHaveTextContent(`${usd(quote.premium, 'en-GB')} per year`);
    expect(termsOf(card)).toContainEqual(
      expect.stringMatching(/^Effective date: \d{1,2} \w{3} \d{4}$/),
    );
  });
});

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
