import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { describe, expect, it, vi } from 'vitest';
import { setupSandbox } from '../support/insuranceHarness.js';

// A host shows a component on a click, in Spanish, with no <Suspense> of its own: the click's
// render cannot wait (flushSync), and the component's texts (and, for some, its code) load on
// first use. Each component is its own boundary: its root stands in, empty and busy, then its
// content shows in Spanish. Run on React 19 (dom) and 18 (react18).

type Lib = typeof import('../../src/index.js');
type Env = ReturnType<typeof setupSandbox>;

interface Case {
  name: string;
  /** The stand-in's class and `data-state`. */
  root: string;
  state: string;
  /** The component as the host writes it. */
  ui: (lib: Lib, env: Env) => Promise<ReactNode>;
  /** Its content, found once it shows in Spanish. */
  shows: () => Promise<HTMLElement>;
}

const TCPA_NAME = 'Acepto que me contacten sobre seguros de vivienda';

const CASES: Case[] = [
  {
    name: 'TcpaConsentCheckbox',
    root: 'lir-TcpaConsentCheckbox',
    state: 'loading',
    ui: async ({ TcpaConsentCheckbox }, env) => {
      const loan = await env.createLoan({}, { tcpa: false });
      return (
        <TcpaConsentCheckbox loanId={loan.id} lenderName="Acme Bank" termsOfServiceId="tcpa_v2" />
      );
    },
    shows: () => screen.findByRole('checkbox', { name: TCPA_NAME }),
  },
  {
    name: 'ShopProgress',
    root: 'lir-ShopProgress',
    state: 'loading',
    ui: async ({ ShopProgress }, env) => <ShopProgress loanId={(await env.createLoan()).id} />,
    shows: () => screen.findByRole('button', { name: 'Obtener cotizaciones' }),
  },
  {
    name: 'QuoteCards',
    root: 'lir-QuoteCards',
    state: 'loading',
    ui: async ({ QuoteCards }, env) => <QuoteCards loanId={(await env.ratedLoan()).id} />,
    shows: () => screen.findByRole('group', { name: 'Elija su cotización de seguro de vivienda' }),
  },
  {
    name: 'QuoteCard',
    root: 'lir-QuoteCard',
    state: 'unchecked',
    ui: async ({ QuoteCard }, env) => {
      const display = await env.adapter.getQuoteDisplay((await env.ratedLoan()).id);
      const quote = display.quotes[0];
      if (!quote) throw new Error('fixture: no quote');
      return <QuoteCard quote={quote} name="quote" checked={false} onSelect={() => {}} />;
    },
    shows: () => screen.findByRole('radio', { name: /al año/ }),
  },
  {
    name: 'CallScheduler',
    root: 'lir-CallScheduler',
    state: 'consentRequired',
    ui: async ({ CallScheduler }, env) => (
      <CallScheduler
        loanId={(await env.createLoan()).id}
        lenderName="Acme Bank"
        termsOfServiceId="tcpa_v2"
        timeZone="America/New_York"
      />
    ),
    shows: () => screen.findByRole('form', { name: 'Hable con un asesor de seguros' }),
  },
  {
    name: 'PolicyRetrievalLauncher',
    root: 'lir-PolicyRetrievalLauncher',
    state: 'loading',
    ui: async ({ PolicyRetrievalLauncher }, env) => (
      <PolicyRetrievalLauncher loanId={(await env.createLoan()).id} />
    ),
    shows: () => screen.findByRole('button', { name: 'Compartir mi póliza actual' }),
  },
  {
    name: 'PolicyDocuments',
    root: 'lir-PolicyDocuments',
    state: 'loading',
    ui: async ({ PolicyDocuments }, env) => {
      const loan = await env.ratedLoan({ primaryBorrower: { firstName: 'Bind_policy' } });
      const policyId = env.sandbox.inspectLoan(loan.id)?.policyIds[0];
      if (!policyId) throw new Error('fixture: no bound policy');
      return <PolicyDocuments policyId={policyId} />;
    },
    shows: () => screen.findByText('Aseguradora'),
  },
  {
    name: 'LoanApplicationForm',
    root: 'lir-LoanApplicationForm',
    state: 'editing',
    ui: async ({ LoanApplicationForm }) => <LoanApplicationForm onCreated={() => {}} />,
    shows: () => screen.findByRole('form', { name: 'Solicitud de préstamo' }),
  },
  {
    name: 'InsuranceFlow',
    root: 'lir-InsuranceFlow',
    state: 'loading',
    ui: async ({ InsuranceFlow }, env) => (
      <InsuranceFlow
        loanId={(await env.createLoan()).id}
        lenderName="Acme Home Loans"
        termsOfServiceId="terms_v1"
        tcpaTermsOfServiceId="tcpa_v1"
      />
    ),
    shows: () => screen.findByRole('region', { name: 'Seguro de vivienda' }),
  },
];

describe('a component shown by a click, in Spanish, with no Suspense boundary of the host', () => {
  it.each(CASES)('$name stands in with its own root, then shows in Spanish', async (c) => {
    // A page that has loaded none of the library's texts or chunks yet.
    vi.resetModules();
    const lib: Lib = await import('../../src/index.js');
    const env = setupSandbox();
    const ui = await c.ui(lib, env);
    function Host() {
      const [shown, setShown] = useState(false);
      return (
        <lib.InsuranceProvider adapter={env.adapter} locale="es-US">
          <main>
            <button type="button" onClick={() => flushSync(() => setShown(true))}>
              Mostrar
            </button>
            {shown && ui}
          </main>
        </lib.InsuranceProvider>
      );
    }
    const { container } = render(<Host />);

    fireEvent.click(screen.getByRole('button', { name: 'Mostrar' }));
    const standIn = container.querySelector(`.${c.root}`);
    expect(standIn).toHaveAttribute('aria-busy', 'true');
    expect(standIn).toHaveAttribute('data-state', c.state);
    expect(standIn).toBeEmptyDOMElement();

    expect(await c.shows()).toBeVisible();
    const root = container.querySelector(`.${c.root}`);
    expect(root).not.toBe(standIn);
    expect(root).not.toHaveAttribute('aria-busy', 'true');
  });
});
