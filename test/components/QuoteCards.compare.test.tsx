import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { QuoteCard, QuoteCards } from '../../src/components/QuoteCards/index.js';
import type { DisplayQuote, QuoteDisplay } from '../../src/core/index.js';
import type { InsuranceProviderProps } from '../../src/hooks/index.js';
import { InsuranceProvider } from '../../src/hooks/index.js';
import { expectNoAxeViolations } from '../support/expectNoAxeViolations.js';
import { setupSandbox } from '../support/insuranceHarness.js';
import { mswServer } from '../support/mswServer.js';

// What a borrower compares: every term the service sends, by name, on the same line of every
// card; prices formatted alike; the quote's own "Continue" link; in English and in Spanish.

type Env = ReturnType<typeof setupSandbox>;
type Extra = Partial<Omit<InsuranceProviderProps, 'adapter' | 'children'>>;

function renderCards(env: Env, ui: ReactNode, provider: Extra = {}) {
  return render(ui, {
    reactStrictMode: true,
    wrapper: ({ children }: { children?: ReactNode }) => (
      <main>
        <InsuranceProvider adapter={env.adapter} {...provider}>
          {children}
        </InsuranceProvider>
      </main>
    ),
  });
}

/** A rated loan whose quote display is the sandbox's with its quotes changed by `edit`. */
async function ratedLoanShowing(edit: (quotes: DisplayQuote[]) => DisplayQuote[]) {
  const env = setupSandbox();
  const loan = await env.ratedLoan();
  mswServer.use(
    http.get('*/api/insurance/loans/:loanId/display', async ({ request }) => {
      const display = (await (await env.bff.handler(request)).json()) as QuoteDisplay;
      return HttpResponse.json({ ...display, quotes: edit(display.quotes) });
    }),
  );
  return { env, loan };
}

/** Changes the quote at `index` of the display. */
const at =
  (index: number, change: (quote: DisplayQuote) => DisplayQuote) => (quotes: DisplayQuote[]) =>
    quotes.map((q, i) => (i === index ? change(q) : q));

const cards = async () =>
  (await screen.findAllByRole('radio')).map(
    (radio) => radio.closest('[data-slot="card"]') as HTMLElement,
  );
/** A card's terms as `name: value` lines, in the order shown. */
const termsOf = (card: HTMLElement) =>
  within(card)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
const namesOf = (card: HTMLElement) =>
  within(card)
    .getAllByRole('term')
    .map((term) => term.textContent);
const usd = (amount: number, cents: boolean, locale = 'en-US') =>
  new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: cents ? 2 : 0,
    minimumFractionDigits: cents ? 2 : 0,
  }).format(amount);

const COVERAGES = [
  'Dwelling (Coverage A)',
  'Other structures (Coverage B)',
  'Personal property (Coverage C)',
  'Loss of use (Coverage D)',
  'Personal liability (Coverage E)',
  'Medical payments (Coverage F)',
  'Water backup',
  'Computers',
  'Heating and cooling (HVAC)',
  'Mine subsidence',
];

// axe reads every term of every card: slow in jsdom on a busy machine.
describe('QuoteCards compares quotes', { timeout: 30_000 }, () => {
  it('names every coverage, deductible and endorsement sent, unknown ones too, on the same line of every card', async () => {
    const { env, loan } = await ratedLoanShowing((quotes) =>
      quotes.map((q, i) => ({
        ...q,
        coverages: {
          ...q.coverages,
          waterBackup: { included: false, amount: 0 },
          ...(i === 0 ? { earthquake: { included: true, amount: 25_000 } } : {}),
        },
        deductibles: {
          ...q.deductibles,
          ...(i === 1 ? { namedStorm: { included: true, amount: 8_400 } } : {}),
        },
        endorsements: {
          ...q.endorsements,
          ...(i === 0 ? { identity_theft: { included: true } } : {}),
        },
      })),
    );
    renderCards(env, <QuoteCards loanId={loan.id} />);
    const [first, second, third] = await cards();
    if (!first || !second || !third) throw new Error('fixture: three quotes');

    const names = [
      'Policy form',
      'Effective date',
      ...COVERAGES,
      'Earthquake',
      'Dwelling',
      'Wind and hail',
      'Named storm',
      'Flood zone',
      'Swimming pool',
      'Identity theft',
    ];
    for (const card of [first, second, third]) {
      expect(namesOf(card)).toEqual(names);
      expect(within(card).getByText('Coverages')).toBeVisible();
      expect(within(card).getByText('Deductibles')).toBeVisible();
      expect(within(card).getByText('Endorsements')).toBeVisible();
      // Excluded is said in words, never as $0.
      expect(termsOf(card)).toContain('Water backup: Not included');
      expect(card).not.toHaveTextContent('$0');
    }
    expect(termsOf(first)).toContain(`Earthquake: ${usd(25_000, false)}`);
    expect(termsOf(first)).toContain('Identity theft: Included');
    expect(termsOf(first)).toContain('Named storm: Not listed');
    expect(termsOf(second)).toContain('Earthquake: Not listed');
    expect(termsOf(second)).toContain(`Named storm: ${usd(8_400, false)}`);
    await expectNoAxeViolations();
  });

  it('names the policy forms, and shows an unknown one as sent', async () => {
    const { env, loan } = await ratedLoanShowing((quotes) =>
      quotes.map((q, i) => ({ ...q, policyType: ['HO6', 'DP3', 'HO5'][i] })),
    );
    renderCards(env, <QuoteCards loanId={loan.id} />);
    const radios = await screen.findAllByRole('radio');

    expect(radios[0]).toHaveAccessibleDescription('HO-6 condominium form');
    expect(radios[1]).toHaveAccessibleDescription('DP3');
    expect(radios[2]).toHaveAccessibleDescription('HO-5 comprehensive form');
    const [first] = await cards();
    expect(termsOf(first as HTMLElement)[0]).toBe('Policy form: HO-6 condominium form');
  });

  it('formats each price alike on every card: cents on all when the service sent cents on one', async () => {
    const { env, loan } = await ratedLoanShowing((quotes) =>
      quotes.map((q, i) => ({
        ...q,
        premium: [1200, 1234.5, 980][i] as number,
        monthlyPremium: [100, 103, 82][i] as number,
        coverages: {
          ...q.coverages,
          a: { included: true, amount: [480_000, 480_500, 479_999][i] as number },
        },
      })),
    );
    renderCards(env, <QuoteCards loanId={loan.id} />);
    const [first, second, third] = await cards();

    expect(first).toHaveTextContent(`${usd(1200, true)} per year ${usd(100, false)} per month`);
    expect(second).toHaveTextContent(`${usd(1234.5, true)} per year ${usd(103, false)} per month`);
    expect(third).toHaveTextContent(`${usd(980, true)} per year ${usd(82, false)} per month`);
    expect(termsOf(third as HTMLElement)).toContain(
      `Dwelling (Coverage A): ${usd(479_999, false)}`,
    );
  });

  it('links "Continue with this quote" to the quote\u2019s agent link in a new tab, and says when it is followed', async () => {
    const { env, loan } = await ratedLoanShowing((quotes) => quotes);
    const onContinue = vi.fn();
    const user = userEvent.setup();
    renderCards(env, <QuoteCards loanId={loan.id} onContinue={onContinue} />);
    const [first] = await cards();
    const display = await env.adapter.getQuoteDisplay(loan.id);
    const quote = display.quotes[0] as DisplayQuote;

    const link = within(first as HTMLElement).getByRole('link', {
      name: `Continue with this quote from ${quote.carrierName} (opens in a new tab)`,
    });
    expect(link).toHaveAttribute('href', quote.agentBridgeLink);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getAllByRole('link', { name: /^Continue with this quote/ })).toHaveLength(
      display.quotes.length,
    );

    // The page stays (a new tab opens); following the link does not choose the quote.
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    expect(onContinue).toHaveBeenCalledExactlyOnceWith(quote.id);
    expect(screen.getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
    await expectNoAxeViolations();
  });

  it('offers no "Continue" link for a missing or unsafe agent link', async () => {
    const unsafe = [
      undefined,
      null,
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'http://agents.example.com/continue',
      'https://user:secret@agents.example.com/continue',
      '/relative/continue',
    ];
    const { env, loan } = await ratedLoanShowing((quotes) =>
      unsafe.map((agentBridgeLink, i) => ({
        ...(quotes[i % quotes.length] as DisplayQuote),
        id: `${quotes[i % quotes.length]?.id}_${i}`,
        agentBridgeLink,
      })),
    );
    const { container } = renderCards(env, <QuoteCards loanId={loan.id} />);
    expect(await screen.findAllByRole('radio')).toHaveLength(unsafe.length);
    expect(screen.queryByRole('link', { name: /^Continue/ })).toBeNull();
    expect(container.querySelector('[href^="javascript"], [href^="data"]')).toBeNull();
    await expectNoAxeViolations();
  });

  it('leaves the "Continue" links out when asked', async () => {
    const { env, loan } = await ratedLoanShowing((quotes) => quotes);
    renderCards(env, <QuoteCards loanId={loan.id} showAgentBridgeLink={false} />);
    expect(await screen.findAllByRole('radio')).toHaveLength(3);
    expect(screen.queryByRole('link', { name: /^Continue/ })).toBeNull();
    expect(screen.getByRole('link', { name: /^See all quotes/ })).toBeVisible();
  });

  it('shows a quote on its own, with its own terms, as a standalone QuoteCard', async () => {
    const { env, loan } = await ratedLoanShowing(
      at(0, (q) => ({ ...q, coverages: { a: { included: true, amount: 300_000 } } })),
    );
    const display = await env.adapter.getQuoteDisplay(loan.id);
    const quote = { ...(display.quotes[0] as DisplayQuote), deductibles: {}, endorsements: {} };
    renderCards(
      env,
      <fieldset>
        <legend>One quote</legend>
        <QuoteCard quote={quote} name="quote" checked={false} onSelect={() => {}} />
      </fieldset>,
    );
    const card = screen.getByRole('radio').closest('[data-slot="card"]') as HTMLElement;
    expect(termsOf(card).slice(2)).toEqual([`Dwelling (Coverage A): ${usd(300_000, false)}`]);
    expect(within(card).queryByText('Deductibles')).toBeNull();
    await expectNoAxeViolations();
  });

  it('speaks Spanish under an es-US provider: legend, prices, terms and links', async () => {
    const { env, loan } = await ratedLoanShowing((quotes) => quotes);
    renderCards(env, <QuoteCards loanId={loan.id} />, { locale: 'es-US' });
    const group = await screen.findByRole('group', {
      name: 'Elija su cotización de seguro de vivienda',
    });
    const display = await env.adapter.getQuoteDisplay(loan.id);
    const quote = display.quotes[0] as DisplayQuote;
    if (!quote.premium || !quote.coverages?.a) throw new Error('fixture');

    const radio = await within(group).findByRole('radio', {
      name: new RegExp(
        `^${quote.carrierName} ${escapeRegExp(usd(quote.premium, false, 'es-US'))} al año`,
      ),
    });
    const card = radio.closest('[data-slot="card"]') as HTMLElement;
    const terms = termsOf(card);
    expect(terms[0]).toMatch(/^Tipo de póliza: HO-[35], formulario (especial|integral)$/);
    expect(terms[1]).toMatch(/^Fecha de entrada en vigor: /);
    expect(terms).toContain(
      `Vivienda (Cobertura A): ${usd(quote.coverages.a.amount, false, 'es-US')}`,
    );
    expect(within(card).getByText('Deducibles')).toBeVisible();
    expect(
      within(card).getByRole('link', {
        name: `Continuar con esta cotización de ${quote.carrierName} (se abre en una pestaña nueva)`,
      }),
    ).toBeVisible();
    expect(
      screen.getByRole('link', {
        name: 'Ver todas las cotizaciones (se abre en una pestaña nueva)',
      }),
    ).toBeVisible();
    await expectNoAxeViolations();
  });
});

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
