import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import type { QuoteCardsProps } from '../src/components/QuoteCards/index.js';
import { QuoteCards } from '../src/components/QuoteCards/index.js';
import { failing, noQuotes, pending, rateLimited } from '../src/testing/msw/index.js';
import { ComponentDocs } from './support/ComponentDocs.js';
import type { SandboxLoaded } from './support/sandboxStory.js';
import { sandboxStory } from './support/sandboxStory.js';

const meta = {
  title: 'Components/QuoteCards',
  component: QuoteCards,
  tags: ['autodocs'],
  args: { loanId: '', onSelect: fn() },
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
  waitFor(() => expect(root(canvasElement)).toHaveAttribute('data-state', state), {
    timeout: 5000,
  });

/** A story of its own (each story needs its own sandbox behind its handlers). */
const ratedLoan = () =>
  sandboxStory<QuoteCardsProps>({
    prepare: async (env) => ({ loanId: (await env.ratedLoan()).id }),
  });

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
        list: 'The cards',
        card: 'One QuoteCard (a label; data-state checked/unchecked, data-disabled)',
        radio: 'Its native radio',
        header: 'Logo or monogram, carrier, badge',
        logo: 'Carrier logo',
        monogram: 'Initials when there is no logo',
        carrier: 'Carrier name',
        badge: '"Selected"',
        price: 'Annual and monthly price',
        annual: 'Per year',
        monthly: 'Per month',
        details: 'Policy type, coverages, effective date',
        policyType: 'Policy form',
        amount: 'One coverage or deductible',
        term: 'Its name',
        effectiveDate: 'Effective date',
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

/** The borrower chose a quote; the arrow keys move the choice, as in any radio group. */
export const Selected: Story = {
  ...ratedLoan(),
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await expectState(canvasElement, 'ready');
    const [first, second] = canvas.getAllByRole('radio');
    if (!first || !second) throw new Error('Expected two quotes or more');
    await userEvent.click(first);
    await expect(first).toBeChecked();
    await expectState(canvasElement, 'selected');
    await waitFor(() => expect(args.onSelect).toHaveBeenCalledWith(first.getAttribute('value')));

    // Real keyboard in a real browser: ArrowRight moves focus and selection to the next quote.
    await userEvent.keyboard('{ArrowRight}');
    await expect(second).toHaveFocus();
    await expect(second).toBeChecked();
    await expect(first).not.toBeChecked();
    await waitFor(() =>
      expect(args.onSelect).toHaveBeenLastCalledWith(second.getAttribute('value')),
    );
    await expect(second.closest('[data-slot="card"]')).toHaveAttribute('data-state', 'checked');
    await expect(canvas.getByText('Selected')).toBeVisible();
  },
};

/**
 * The dark palette, as a page chooses it with `data-lir-theme="dark"` (the toolbar's Theme
 * switch does the same): the axe check covers its contrast too.
 */
export const SelectedDark: Story = {
  ...ratedLoan(),
  globals: { theme: 'dark' },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expectState(canvasElement, 'ready');
    const root = canvasElement.querySelector('.lir-QuoteCards') as HTMLElement;
    await expect(getComputedStyle(root).getPropertyValue('--lir-color-accent').trim()).toBe(
      '#4c9fff',
    );
    const [first] = canvas.getAllByRole('radio');
    if (!first) throw new Error('Expected a quote');
    await userEvent.click(first);
    await expectState(canvasElement, 'selected');
  },
};

/** Quote display still loading: skeleton cards, announced as loading. */
export const Loading: Story = {
  ...sandboxStory<QuoteCardsProps>({
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
    scenarios: [failing('getQuoteDisplay', { status: 502 })],
    prepare: async (env) => ({ loanId: (await env.ratedLoan()).id }),
  }),
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'errored');
    await expect(canvas.getByRole('alert')).toHaveTextContent('We could not load your quotes.');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

/** Choosing was refused by the rate limit: the choices are disabled until the wait is over. */
export const RateLimited: Story = {
  ...sandboxStory<QuoteCardsProps>({
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
