import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { BORROWER_ON_FILE } from '../demo/src/borrower.js';
import type { InsuranceFlowProps } from '../src/flows/index.js';
import { InsuranceFlow } from '../src/flows/index.js';
import type { LoanApplicationFixtureOverrides } from '../src/testing/index.js';
import type { Canvas } from './support/Canvas.js';
import { ComponentDocs } from './support/ComponentDocs.js';
import { inTurn } from './support/inTurn.js';
import { onAPhone } from './support/onAPhone.js';
import type { SandboxLoaded } from './support/sandboxStory.js';
import { sandboxStory } from './support/sandboxStory.js';

const meta = {
  title: 'Flows/InsuranceFlow',
  component: InsuranceFlow,
  tags: ['autodocs'],
  args: {
    lenderName: 'Acme Home Loans',
    termsOfServiceId: 'acme-insurance-terms-2026-01',
    tcpaTermsOfServiceId: 'acme-tcpa-2026-01',
    onComplete: fn(),
    onExit: fn(),
    onEvent: fn(),
    onApplicationCreated: fn(),
  },
  argTypes: { loanId: { control: false } },
  render: (args, { loaded }) => (
    <InsuranceFlow {...args} {...(loaded as SandboxLoaded<InsuranceFlowProps>).props} />
  ),
} satisfies Meta<typeof InsuranceFlow>;

export default meta;
type Story = StoryObj<typeof meta>;

const root = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('.lir-InsuranceFlow');
// A step is reached after the loan, its quotes and its policies are read: longer than one
// component's state.
const expectStep = (canvasElement: HTMLElement, step: string) =>
  waitFor(() => expect(root(canvasElement)).toHaveAttribute('data-state', step), {
    timeout: 10_000,
  });
/** The quotes are shown: none chosen yet (`ready`), or one (`selected`). */
const quotesShown = (canvasElement: HTMLElement, state: 'ready' | 'selected') =>
  waitFor(
    () =>
      expect(canvasElement.querySelector('.lir-QuoteCards')).toHaveAttribute('data-state', state),
    { timeout: 10_000 },
  );
const quotesReady = (canvasElement: HTMLElement) => quotesShown(canvasElement, 'ready');
// A bound loan may be read before its policy events arrive: the list follows them.
const findPolicies = (canvas: Canvas, count: number) =>
  waitFor(
    () => {
      const list = canvas.getByRole('list', { name: 'Your policies' });
      expect(list.querySelectorAll(':scope > li')).toHaveLength(count);
      return list;
    },
    { timeout: 10_000 },
  );
/** The carrier a quote's radio is for. */
const carrierOf = (radio: HTMLElement) =>
  radio.closest('[data-slot="header"]')?.querySelector('[data-slot="carrier"]')?.textContent;
const expectHeading = async (canvas: Canvas, name: string) =>
  expect(await canvas.findByRole('heading', { level: 2, name })).toBeVisible();

// Each story gets its own sandbox and loan, which stay its own beside the others on the Docs page,
// and promises the step it shows there.
const application = () => sandboxStory<InsuranceFlowProps>({ state: 'application' });
/** A loan application, no path chosen yet: `choose`, or a step the story's play goes on to. */
const loan = (state = 'choose', autoplay = false) =>
  sandboxStory<InsuranceFlowProps>({
    state,
    autoplay,
    prepare: async (env) => ({ loanId: (await env.createLoan({}, { consent: false })).id }),
  });
const quoting = () =>
  sandboxStory<InsuranceFlowProps>({
    state: 'quoting',
    prepare: async (env) => {
      const { id } = await env.createLoan();
      await env.adapter.shopLoan(id);
      return { loanId: id };
    },
  });
/** A rated loan: `quotes`, or what the sandbox's scenario in `overrides` makes of it. */
const rated = (state = 'quotes', overrides?: LoanApplicationFixtureOverrides) =>
  sandboxStory<InsuranceFlowProps>({
    state,
    prepare: async (env) => ({ loanId: (await env.ratedLoan(overrides)).id }),
  });
const bound = (overrides?: LoanApplicationFixtureOverrides) =>
  sandboxStory<InsuranceFlowProps>({
    state: 'covered',
    prepare: async (env) => ({ loanId: (await env.boundPolicy(overrides)).loanId }),
  });

/** Nothing of the flow runs off a 390 px screen. */
async function expectFitsThePhone(canvasElement: HTMLElement) {
  await waitFor(() => expect(window.innerWidth).toBeLessThanOrEqual(390));
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  for (const part of root(canvasElement)?.querySelectorAll<HTMLElement>('*') ?? [])
    await expect(part.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
}

/** The quotes step's content, in any language. */
async function expectQuotes(
  canvas: Canvas,
  canvasElement: HTMLElement,
  text: { group: string; advisor: string; existing: string; elsewhere: string },
) {
  await quotesReady(canvasElement);
  await expect(await canvas.findByRole('group', { name: text.group })).toBeVisible();
  const radios = canvas.getAllByRole('radio');
  await expect(radios.length).toBeGreaterThan(1);
  await expectHeading(canvas, text.advisor);
  await expect(await canvas.findByRole('button', { name: text.existing })).toBeVisible();
  await expect(await canvas.findByRole('button', { name: text.elsewhere })).toBeVisible();
}

/** For designers: steps, parts, theming and the headless hook, next to the live flow. */
export const Overview: Story = {
  ...rated(),
  render: (args, { loaded }) => (
    <ComponentDocs
      name="InsuranceFlow"
      summary="The whole borrower flow in one component: from the loan application (or its form) to “You’re covered”, by shopping (consent, quotes, an advisor) or by sharing a policy the borrower already has. It resumes at the right step from what the service remembers, and every step has a way forward."
      states={{
        application: 'No application yet: the loan application form.',
        loading: 'Reading the application, to resume where the borrower was.',
        unavailable: 'The application could not be read: an alert and "Try again".',
        choose: 'Shop for a new policy, or share one the borrower already has.',
        consent: 'Agreeing to the shopping terms.',
        quoting: 'Carriers are quoting (30 to 45 seconds).',
        quotes: 'The quotes, the advisor (TCPA consent, then a call), other ways forward.',
        quotingFailed: 'No quotes online: an advisor, an existing policy or the hosted page.',
        retrieval: "Signing in at the borrower's carrier to share an existing policy.",
        covered: 'A policy is bound or retrieved and in force: the policies (the end).',
        lapsed: 'Every policy of the application is cancelled or expired.',
        closed: 'The application was closed without a policy (insured elsewhere).',
      }}
      slots={{
        step: "The step's section, named by its heading",
        heading: 'The step heading (focused when the step changes)',
        lead: 'Lead text of a step',
        loading: 'Loading text',
        error: 'Error block (role=alert)',
        choices: 'The two paths',
        choice: 'One path (a button)',
        consent: 'The shopping terms form',
        check: 'Its checkbox and label',
        disclosure: 'The terms',
        advisor: 'Talk to a licensed advisor (a card)',
        'other-ways': 'An existing policy, the service’s page',
        hosted: "Link to the service's page (new tab)",
        'new-tab': '"(opens in a new tab)"',
        elsewhere: 'Insured elsewhere (a card)',
        confirm: 'Its confirmation',
        actions: 'Confirmation buttons',
        policies: 'Your policies (a list of PolicyDocuments)',
        later: '"Finish later" (showFinishLater)',
      }}
      hook={`const flow = useInsuranceFlow({ loanId, onComplete, onExit, onEvent });
// flow.step, flow.choosePath('shop' | 'existing'), flow.consentRecorded(), flow.closed(), …`}
    >
      <InsuranceFlow {...args} {...(loaded as SandboxLoaded<InsuranceFlowProps>).props} />
    </ComponentDocs>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'InsuranceFlow' })).toBeVisible();
    await expectStep(canvasElement, 'quotes');
  },
};

/** No application yet: the form, filled in with what the lender knows, the loan number locked. */
export const Application: Story = {
  ...application(),
  args: { applicationDefaults: BORROWER_ON_FILE, lockedFields: ['loanNumber'] },
  play: async ({ canvas, canvasElement }) => {
    await expectStep(canvasElement, 'application');
    await expect(canvas.getByRole('region', { name: 'Home insurance' })).toBeVisible();
    await expectHeading(canvas, 'Tell us about your loan');
    await expect(await canvas.findByRole('form', { name: 'Loan application' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'First name' })).toHaveValue('Avery');
    await expect(canvas.getByRole('button', { name: 'Submit application' })).toBeEnabled();
  },
};

/** The application exists: shop for a new policy, or share an existing one. */
export const Choose: Story = {
  ...loan(),
  play: async ({ canvas, canvasElement }) => {
    await expectStep(canvasElement, 'choose');
    await expectHeading(canvas, 'How would you like to insure your home?');
    await expect(canvas.getByRole('button', { name: /I need insurance/ })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: /I already have a policy/ })).toBeEnabled();
  },
};

/** The borrower chose to shop: the shopping terms, agreed to before any quote is asked for. */
export const Consent: Story = {
  ...loan('consent', true),
  play: inTurn(async ({ canvas, canvasElement, userEvent }) => {
    await expectStep(canvasElement, 'choose');
    await userEvent.click(canvas.getByRole('button', { name: /I need insurance/ }));
    await expectStep(canvasElement, 'consent');
    await expectHeading(canvas, 'Before we get your quotes');
    await expect(
      canvas.getByRole('checkbox', { name: 'I agree to the insurance shopping terms.' }),
    ).not.toBeChecked();
    await expect(canvas.getByRole('button', { name: 'Agree and get quotes' })).toBeDisabled();
  }),
};

/** Carriers are quoting: the progress of the 30 to 45 seconds it takes. */
export const Quoting: Story = {
  ...quoting(),
  play: async ({ canvas, canvasElement }) => {
    await expectStep(canvasElement, 'quoting');
    await expectHeading(canvas, 'Getting your quotes');
    await expect(await canvas.findByRole('progressbar', {}, { timeout: 10_000 })).toBeVisible();
  },
};

/** The quotes, an advisor, and the other ways forward. */
export const Quotes: Story = {
  ...rated(),
  play: async ({ canvas, canvasElement }) => {
    await expectStep(canvasElement, 'quotes');
    await expectHeading(canvas, 'Your quotes');
    await expectQuotes(canvas, canvasElement, {
      group: 'Choose your home insurance quote',
      advisor: 'Talk to a licensed advisor',
      existing: 'I already have a policy',
      elsewhere: 'I bought insurance elsewhere',
    });
  },
};

/**
 * A quote chosen, and the borrower agreed to be called: the advisor's call can be set up. Both
 * were recorded earlier (through the service); the borrower then picks another quote.
 */
export const QuoteChosen: Story = {
  ...sandboxStory<InsuranceFlowProps>({
    state: 'quotes',
    prepare: async (env) => {
      const { id } = await env.ratedLoan({}, { tcpa: true });
      const [first] = (await env.adapter.getQuoteDisplay(id)).quotes;
      if (!first) throw new Error('The sandbox offered no quote');
      await env.adapter.selectQuote(id, first.id);
      return { loanId: id };
    },
  }),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expectStep(canvasElement, 'quotes');
    // The quote recorded earlier is the chosen one; the borrower then picks another.
    await quotesShown(canvasElement, 'selected');
    const radios = canvas.getAllByRole<HTMLInputElement>('radio');
    const chosen = radios.find((radio) => radio.checked);
    const other = radios.find((radio) => !radio.checked);
    if (!chosen || !other) throw new Error('Expected the chosen quote and another');
    await expect(radios.filter((radio) => radio.checked)).toEqual([chosen]);
    await expect(
      await canvas.findByText(
        `You picked ${carrierOf(chosen)}. An advisor can finish the policy with you by phone.`,
        {},
        { timeout: 10_000 },
      ),
    ).toBeVisible();
    await waitFor(
      () =>
        expect(canvasElement.querySelector('.lir-TcpaConsentCheckbox')).toHaveAttribute(
          'data-state',
          'recorded',
        ),
      { timeout: 10_000 },
    );
    await expect(
      canvas.getByRole('checkbox', { name: 'I agree to be contacted about home insurance' }),
    ).toBeChecked();
    await waitFor(() => expect(canvasElement.querySelector('.lir-CallScheduler')).not.toBeNull(), {
      timeout: 10_000,
    });

    await userEvent.click(other);
    await expect(other).toBeChecked();
    await expect(chosen).not.toBeChecked();
    await expect(
      await canvas.findByText(
        `You picked ${carrierOf(other)}. An advisor can finish the policy with you by phone.`,
        {},
        { timeout: 10_000 },
      ),
    ).toBeVisible();
    await expect(canvasElement.querySelector('.lir-CallScheduler')).not.toBeNull();
    await expectStep(canvasElement, 'quotes');
  },
};

/** Quoting failed for this home: an advisor, an existing policy or the service's page instead. */
export const QuotingFailed: Story = {
  ...rated('quotingFailed', { primaryBorrower: { firstName: 'Rating_error' } }),
  play: async ({ canvas, canvasElement }) => {
    await expectStep(canvasElement, 'quotingFailed');
    await expectHeading(canvas, 'We could not get quotes online for this home');
    await expectHeading(canvas, 'Talk to a licensed advisor');
    await expect(canvas.queryByRole('radio')).not.toBeInTheDocument();
    await expect(
      await canvas.findByRole('button', { name: 'I already have a policy' }),
    ).toBeVisible();
  },
};

/** The borrower already has a policy: they sign in at their carrier to share it. */
export const Retrieval: Story = {
  ...loan('retrieval', true),
  play: inTurn(async ({ canvas, canvasElement, userEvent }) => {
    await expectStep(canvasElement, 'choose');
    await userEvent.click(canvas.getByRole('button', { name: /I already have a policy/ }));
    await expectStep(canvasElement, 'retrieval');
    await expectHeading(canvas, 'Share your existing policy');
    await expect(
      await canvas.findByRole('button', { name: 'Share my current policy' }, { timeout: 10_000 }),
    ).toBeEnabled();
    await expect(await canvas.findByRole('button', { name: 'Back' })).toBeVisible();
  }),
};

/** A policy was bound: the end of the flow, with the policy and its documents. */
export const Covered: Story = {
  ...bound(),
  play: async ({ args, canvas, canvasElement }) => {
    await expectStep(canvasElement, 'covered');
    await expectHeading(canvas, 'You’re covered');
    await expect(await findPolicies(canvas, 1)).toBeVisible();
    // Covered before this visit: completed once, with the policy. (Whether it counts as resumed
    // depends on the loan's read arriving before or after its policy events.)
    await waitFor(() => expect(args.onComplete).toHaveBeenCalledTimes(1));
    await expect(args.onComplete).toHaveBeenCalledWith(
      expect.objectContaining({ policyIds: [expect.any(String)] }),
    );
  },
};

/** Covered by a homeowners policy and a flood policy: one entry each. */
export const CoveredWithFlood: Story = {
  ...bound({ primaryBorrower: { lastName: 'Flood' } }),
  play: async ({ canvas, canvasElement }) => {
    await expectStep(canvasElement, 'covered');
    await expect(await findPolicies(canvas, 2)).toBeVisible();
  },
};

/** The application's policy was cancelled: an advisor or another policy is needed. */
export const Lapsed: Story = {
  ...rated('lapsed', { primaryBorrower: { firstName: 'Cancelled_policy' } }),
  play: async ({ canvas, canvasElement }) => {
    await expectStep(canvasElement, 'lapsed');
    await expectHeading(canvas, 'Your policy is no longer in force');
    await expect(await findPolicies(canvas, 1)).toBeVisible();
    await expectHeading(canvas, 'Talk to a licensed advisor');
    await expect(
      await canvas.findByRole('button', { name: 'I already have a policy' }),
    ).toBeVisible();
  },
};

/** The borrower closed the application (insured elsewhere). */
export const Closed: Story = {
  ...sandboxStory<InsuranceFlowProps>({
    state: 'closed',
    prepare: async (env) => {
      const { id } = await env.createLoan();
      await env.adapter.closeLoan(id);
      return { loanId: id };
    },
  }),
  play: async ({ canvas, canvasElement }) => {
    await expectStep(canvasElement, 'closed');
    await expectHeading(canvas, 'Your insurance application is closed');
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};

/** The quotes in Spanish (`locale="es-US"`): every text, money and date follow the locale. */
export const QuotesInSpanish: Story = {
  ...rated(),
  globals: { locale: 'es-US' },
  play: async ({ canvas, canvasElement }) => {
    await expectStep(canvasElement, 'quotes');
    await expect(canvas.getByRole('region', { name: 'Seguro de vivienda' })).toBeVisible();
    await expectHeading(canvas, 'Sus cotizaciones');
    await expectQuotes(canvas, canvasElement, {
      group: 'Elija su cotización de seguro de vivienda',
      advisor: 'Hable con un asesor autorizado',
      existing: 'Ya tengo una póliza',
      elsewhere: 'Compré un seguro con otra compañía',
    });
  },
};

/** The application form in Spanish. */
export const ApplicationInSpanish: Story = {
  ...application(),
  args: { applicationDefaults: BORROWER_ON_FILE, lockedFields: ['loanNumber'] },
  globals: { locale: 'es-US' },
  play: async ({ canvas, canvasElement }) => {
    await expectStep(canvasElement, 'application');
    await expectHeading(canvas, 'Cuéntenos sobre su préstamo');
    await expect(await canvas.findByRole('form', { name: 'Solicitud de préstamo' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Enviar solicitud' })).toBeEnabled();
  },
};

/** The quotes on the dark palette: the axe check covers its contrast too. */
export const QuotesDark: Story = {
  ...rated(),
  globals: { theme: 'dark' },
  play: async ({ canvas, canvasElement }) => {
    await expectStep(canvasElement, 'quotes');
    await quotesReady(canvasElement);
    await expect(canvas.getAllByRole('radio').length).toBeGreaterThan(1);
  },
};

/** The application form on a 390 px phone: nothing runs off the screen. */
export const ApplicationOnAPhone: Story = {
  ...onAPhone(application()),
  args: { applicationDefaults: BORROWER_ON_FILE, lockedFields: ['loanNumber'] },
  play: inTurn(async ({ canvas, canvasElement }) => {
    await expectStep(canvasElement, 'application');
    await expect(await canvas.findByRole('button', { name: 'Submit application' })).toBeVisible();
    await expectFitsThePhone(canvasElement);
  }),
};

/** The quotes, the advisor and the other ways forward on a 390 px phone. */
export const QuotesOnAPhone: Story = {
  ...onAPhone(rated()),
  play: inTurn(async ({ canvasElement }) => {
    await expectStep(canvasElement, 'quotes');
    await quotesReady(canvasElement);
    await expectFitsThePhone(canvasElement);
  }),
};
