import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, waitFor } from 'storybook/test';
import type { QuoteCardsProps } from '../src/components/QuoteCards/index.js';
import { QuoteCards } from '../src/components/QuoteCards/index.js';
import type { QuoteDisplay } from '../src/core/index.js';
import { DEFAULT_BFF_BASE_PATH } from '../src/core/index.js';
import { failing, noQuotes, pending, rateLimited } from '../src/testing/msw/index.js';
import { ComponentDocs } from './support/ComponentDocs.js';
import { expectShown } from './support/expectShown.js';
import { onAPhone } from './support/onAPhone.js';
import type { SandboxLoaded, StorySandbox } from './support/sandboxStory.js';
import { sandboxStory } from './support/sandboxStory.js';
import type { StoryEnv } from './support/storyEnv.js';

const meta = {
  title: 'Components/QuoteCards',
  component: QuoteCards,
  tags: ['autodocs'],
  args: { loanId: '', onSelect: fn(), onContinue: fn() },
  argTypes: { loanId: { control: false } },
  render: (args, { loaded }) => (
    <QuoteCards {...args} {...(loaded as SandboxLoaded<QuoteCardsProps>).props} />
  ),
} satisfies Meta<typeof QuoteCards>;

export default meta;
type Story = StoryObj<typeof meta>;

const GROUP = 'Choose your home insurance quote';
const root = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('.lir-QuoteCards');
const expectState = (canvasElement: HTMLElement, state: string) =>
  waitFor(() => expectShown(root(canvasElement), state), {
    timeout: 5000,
  });

/** A rated loan, its quotes shown and none chosen (each story has a sandbox of its own). */
const ratedLoan = () =>
  sandboxStory<QuoteCardsProps>({
    state: 'ready',
    prepare: async (env) => ({ loanId: (await env.ratedLoan()).id }),
  });

/** A rated loan whose first quote the borrower chose earlier (recorded through the service). */
const selectedQuote = () =>
  sandboxStory<QuoteCardsProps>({
    state: 'selected',
    prepare: async (env) => ({ loanId: await chooseFirstQuote(env) }),
  });

/** Rates a loan and records its first quote as the borrower's choice; returns the loan's id. */
async function chooseFirstQuote(env: StoryEnv) {
  const { id } = await env.ratedLoan();
  const [first] = (await env.adapter.getQuoteDisplay(id)).quotes;
  if (!first) throw new Error('The sandbox offered no quote');
  await env.adapter.selectQuote(id, first.id);
  return id;
}

const LONG_CARRIER =
  'Commonwealth Homeowners Mutual Fire and Casualty Insurance Company of the Mid-Atlantic';

/** The story's own quote display, its first quote from a carrier with a very long name. */
const longCarrierName = ({ bff }: StorySandbox) => [
  http.get(`*${DEFAULT_BFF_BASE_PATH}/loans/:loanId/display`, async ({ request }) => {
    const display = (await (await bff.handler(request)).json()) as QuoteDisplay;
    return HttpResponse.json({
      ...display,
      quotes: display.quotes.map((q, i) => (i === 0 ? { ...q, carrierName: LONG_CARRIER } : q)),
    });
  }),
];

const withLongCarrierName = () =>
  sandboxStory<QuoteCardsProps>({
    state: 'ready',
    scenarios: longCarrierName,
    prepare: async (env) => ({ loanId: (await env.ratedLoan()).id }),
  });

const cardsOf = (canvasElement: HTMLElement) => [
  ...canvasElement.querySelectorAll<HTMLElement>('[data-slot="card"]'),
];
const top = (element: Element | null | undefined) =>
  Math.round(element?.getBoundingClientRect().top ?? Number.NaN);

/** For designers: states, parts, theming and the headless hooks, next to the live component. */
export const Overview: Story = {
  ...ratedLoan(),
  render: (args, { loaded }) => (
    <ComponentDocs
      name="QuoteCards"
      summary="The loan's recommended quotes as one radio group, one QuoteCard each: one tab stop, arrow keys move the choice. A choice shows at once, is recorded, and rolls back if refused."
      states={{
        loading: 'Reading the quotes: skeleton cards.',
        waiting: 'Still quoting: the cards appear when ready.',
        empty: 'Rated, but no quote was offered.',
        errored: 'The quotes could not be read: an alert and "Try again".',
        rateLimited: 'A choice was refused by the rate limit: the choices wait.',
        ready: 'Quotes shown, none chosen.',
        selected: 'A quote is chosen (its card has data-state="checked").',
      }}
      slots={{
        group: 'The fieldset (radio group)',
        legend: 'Its legend',
        list: 'The cards: a grid, side by side when wide, stacked when narrow',
        card: 'One QuoteCard (data-state checked/unchecked, data-disabled); spans one grid row per part',
        header: "The radio's label: radio, logo or monogram, carrier, badge",
        radio: 'Its native radio',
        logo: 'Carrier logo',
        monogram: 'Initials when there is no logo',
        carrier: 'Carrier name',
        badge: '"Selected"',
        price: 'Annual and monthly price',
        annual: 'Per year',
        monthly: 'Per month',
        facts: 'Policy form and effective date (a dl)',
        section: 'Coverages, deductibles or endorsements',
        sectionTitle: 'Its name',
        terms: 'Its terms (a dl)',
        row: 'One term (data-included true/false)',
        term: 'Its name (dt)',
        value: 'Its amount, "Included", "Not included" or "Not listed" (dd)',
        actions: 'The card\u2019s last row',
        continue: '"Continue with this quote" (the quote\u2019s agent link, new tab)',
        skeleton: 'Placeholder card while loading',
        message: 'Status or alert text',
        retry: '"Try again" button',
        hostedLink: '"See all quotes" (service\u2019s hosted page, new tab)',
        visuallyHidden: 'Text for screen readers only',
      }}
      variables={{ '--lir-quote-card-min': 'Minimum card width in the grid' }}
      hook={`const { quotes, selectedQuote, isRated } = useQuoteDisplay(loanId);
const { select, retryAt } = useSelectQuote(loanId);
// <QuoteCard quote={q} name="quote" checked={q.id === selectedQuote?.id} onSelect={select} />`}
    >
      <QuoteCards {...args} {...(loaded as SandboxLoaded<QuoteCardsProps>).props} />
    </ComponentDocs>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'QuoteCards' })).toBeVisible();
    await expectState(canvasElement, 'ready');
  },
};

/** The quotes are in: one radio group, one card per recommended quote, none chosen yet. */
export const Rated: Story = {
  ...ratedLoan(),
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'ready');
    const group = canvas.getByRole('group', { name: GROUP });
    await expect(group).toBeVisible();
    const radios = canvas.getAllByRole('radio');
    await expect(radios.length).toBeGreaterThan(1);
    for (const radio of radios) await expect(radio).not.toBeChecked();
    await expect(canvas.getByRole('link', { name: /See all quotes/ })).toBeVisible();
  },
};

/**
 * The borrower chose a quote (its card says "Selected"); choosing another moves the choice, and
 * the arrow keys move it too, as in any radio group.
 */
export const Selected: Story = {
  ...selectedQuote(),
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await expectState(canvasElement, 'selected');
    const [first, second] = canvas.getAllByRole('radio');
    if (!first || !second) throw new Error('Expected two quotes or more');
    // The choice recorded earlier, shown as chosen.
    await expect(first).toBeChecked();
    await expect(first.closest('[data-slot="card"]')).toHaveAttribute('data-state', 'checked');
    await expect(canvas.getByText('Selected')).toBeVisible();
    await expect(args.onSelect).not.toHaveBeenCalled();

    await userEvent.click(second);
    await expect(second).toBeChecked();
    await expect(first).not.toBeChecked();
    await expectState(canvasElement, 'selected');
    await waitFor(() => expect(args.onSelect).toHaveBeenCalledWith(second.getAttribute('value')));

    // Real keyboard in a real browser: ArrowLeft moves focus and selection to the previous
    // quote, recorded once the borrower stops on it.
    await userEvent.keyboard('{ArrowLeft}');
    await expect(first).toHaveFocus();
    await expect(first).toBeChecked();
    await expect(second).not.toBeChecked();
    await waitFor(
      () => expect(args.onSelect).toHaveBeenLastCalledWith(first.getAttribute('value')),
      { timeout: 5000 },
    );
    await expect(args.onSelect).toHaveBeenCalledTimes(2);
    await expect(first.closest('[data-slot="card"]')).toHaveAttribute('data-state', 'checked');
    await expect(second.closest('[data-slot="card"]')).toHaveAttribute('data-state', 'unchecked');
    await expect(canvas.getByText('Selected')).toBeVisible();
  },
};

/**
 * The dark palette, as a page chooses it with `data-lir-theme="dark"` (the toolbar's Theme
 * switch does the same): the axe check covers its contrast too.
 */
export const SelectedDark: Story = {
  ...selectedQuote(),
  globals: { theme: 'dark' },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'selected');
    const root = canvasElement.querySelector('.lir-QuoteCards') as HTMLElement;
    await expect(getComputedStyle(root).getPropertyValue('--lir-color-accent').trim()).toBe(
      '#4c9fff',
    );
    const [first] = canvas.getAllByRole('radio');
    if (!first) throw new Error('Expected a quote');
    await expect(first).toBeChecked();
    await expect(canvas.getByText('Selected')).toBeVisible();
  },
};

/**
 * Wide: the quotes side by side, each term on the same line in every card (a long carrier name
 * wraps; prices, terms and "Continue" links stay in line), so a borrower compares across.
 */
export const Comparison: Story = {
  ...withLongCarrierName(),
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await expectState(canvasElement, 'ready');
    await expect(canvas.getByText(LONG_CARRIER)).toBeVisible();
    const cards = cardsOf(canvasElement);
    await expect(cards.length).toBeGreaterThan(1);
    // Side by side, in one band.
    await expect(new Set(cards.map((card) => top(card))).size).toBe(1);
    const [long, short] = cards.map((card) => card.querySelector('[data-slot="carrier"]'));
    await expect(long?.getBoundingClientRect().height).toBeGreaterThan(
      (short?.getBoundingClientRect().height ?? 0) * 1.5,
    );
    for (const slot of ['price', 'continue']) {
      await expect(
        new Set(cards.map((card) => top(card.querySelector(`[data-slot="${slot}"]`)))).size,
      ).toBe(1);
    }
    const rows = cards.map((card) => [...card.querySelectorAll('[data-slot="row"]')]);
    await expect(rows[0]?.length).toBeGreaterThan(10);
    for (const [index, row] of (rows[0] ?? []).entries()) {
      const name = row.querySelector('dt')?.textContent;
      for (const other of rows) {
        await expect(other[index]?.querySelector('dt')?.textContent).toBe(name);
        await expect(top(other[index])).toBe(top(row));
      }
    }
    // Continuing opens the carrier's agent page in a new tab and tells the host.
    const link = canvas.getAllByRole('link', { name: /^Continue with this quote/ })[1];
    if (!link) throw new Error('Expected a Continue link');
    await expect(link).toHaveAttribute('target', '_blank');
    link.addEventListener('click', (event) => event.preventDefault(), { once: true });
    await userEvent.click(link);
    await expect(args.onContinue).toHaveBeenCalledWith(
      canvas.getAllByRole('radio')[1]?.getAttribute('value'),
    );
  },
};

/** The same on a 390 px phone: the cards stack, each readable on its own; nothing scrolls sideways. */
export const ComparisonOnAPhone: Story = {
  ...onAPhone(withLongCarrierName()),
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'ready');
    await waitFor(() => expect(window.innerWidth).toBeLessThanOrEqual(390));
    await expect(canvas.getByText(LONG_CARRIER)).toBeVisible();
    const cards = cardsOf(canvasElement);
    await expect(cards.length).toBeGreaterThan(1);
    await expect(new Set(cards.map((card) => card.getBoundingClientRect().left)).size).toBe(1);
    for (const [index, card] of cards.entries()) {
      if (index > 0) await expect(top(card)).toBeGreaterThan(top(cards[index - 1]));
    }
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    for (const part of (root(canvasElement) as HTMLElement).querySelectorAll('*')) {
      await expect(part.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    }
  },
};

/** The dark palette on a phone: every part readable (axe checks the contrast). */
export const ComparisonOnAPhoneDark: Story = {
  ...onAPhone(withLongCarrierName(), { theme: 'dark' }),
  play: (context) => ComparisonOnAPhone.play?.(context),
};

/** In Spanish (the provider's `locale` is `es-US`): texts, money and dates. */
export const Spanish: Story = {
  ...ratedLoan(),
  globals: { locale: 'es-US' },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'ready');
    await expect(
      canvas.getByRole('group', { name: 'Elija su cotización de seguro de vivienda' }),
    ).toBeVisible();
    await expect(canvas.getAllByText('Coberturas').length).toBeGreaterThan(0);
    await expect(
      canvas.getByRole('link', {
        name: 'Ver todas las cotizaciones (se abre en una pestaña nueva)',
      }),
    ).toBeVisible();
  },
};

/** Quote display still loading: skeleton cards, announced as loading. */
export const Loading: Story = {
  ...sandboxStory<QuoteCardsProps>({
    state: 'loading',
    scenarios: [pending('getQuoteDisplay')],
    prepare: async (env) => ({ loanId: (await env.ratedLoan()).id }),
  }),
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'loading');
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading quotes');
  },
};

/** Still quoting: the cards appear when the quotes are ready. */
export const Quoting: Story = {
  ...sandboxStory<QuoteCardsProps>({
    state: 'waiting',
    prepare: async (env) => {
      const loan = await env.createLoan();
      await env.adapter.shopLoan(loan.id);
      return { loanId: loan.id };
    },
  }),
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'waiting');
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Quotes appear here when they are ready',
    );
  },
};

/** Rated, but no carrier offered a quote. */
export const Empty: Story = {
  ...sandboxStory<QuoteCardsProps>({
    state: 'empty',
    scenarios: [noQuotes()],
    prepare: async (env) => ({ loanId: (await env.ratedLoan()).id }),
  }),
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'empty');
    await expect(canvas.getByRole('status')).toHaveTextContent('No quotes yet');
  },
};

/** The quotes could not be read: an alert and "Try again". */
export const Errored: Story = {
  ...sandboxStory<QuoteCardsProps>({
    state: 'errored',
    scenarios: [failing('getQuoteDisplay', { status: 502 })],
    prepare: async (env) => ({ loanId: (await env.ratedLoan()).id }),
  }),
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'errored');
    await expect(canvas.getByRole('alert')).toHaveTextContent('We could not load your quotes.');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

/**
 * Choosing was refused by the rate limit: the choices are disabled until the wait is over. The
 * refusal answers the borrower's choice: the story makes it, on the Docs page too.
 */
export const RateLimited: Story = {
  ...sandboxStory<QuoteCardsProps>({
    state: 'rateLimited',
    autoplay: true,
    scenarios: [rateLimited('selectQuote', { retryAfterSeconds: 120 })],
    prepare: async (env) => ({ loanId: (await env.ratedLoan()).id }),
  }),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expectState(canvasElement, 'ready');
    const [first] = canvas.getAllByRole('radio');
    if (!first) throw new Error('Expected a quote');
    await userEvent.click(first);
    await expectState(canvasElement, 'rateLimited');
    await expect(canvas.getByRole('alert')).toHaveTextContent(/Too many requests/);
    for (const radio of canvas.getAllByRole('radio')) await expect(radio).toBeDisabled();
  },
};
