import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import type { ShopProgressProps } from '../src/components/ShopProgress/index.js';
import { ShopProgress } from '../src/components/ShopProgress/index.js';
import { failing, pending, rateLimited } from '../src/testing/msw/index.js';
import type { Canvas } from './support/Canvas.js';
import { ComponentDocs } from './support/ComponentDocs.js';
import type { SandboxLoaded } from './support/sandboxStory.js';
import { sandboxStory } from './support/sandboxStory.js';

const meta = {
  title: 'Components/ShopProgress',
  component: ShopProgress,
  tags: ['autodocs'],
  args: { loanId: '' },
  argTypes: { loanId: { control: false } },
  render: (args, { loaded }) => (
    <ShopProgress {...args} {...(loaded as SandboxLoaded<ShopProgressProps>).props} />
  ),
} satisfies Meta<typeof ShopProgress>;

export default meta;
type Story = StoryObj<typeof meta>;

const root = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('.lir-ShopProgress');

/** "Get quotes", once the loan is loaded and it can be pressed. */
async function startButton(canvas: Canvas) {
  const button = await canvas.findByRole('button', { name: 'Get quotes' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

/** A loan never shopped (each story has a sandbox of its own). */
const freshLoan = () =>
  sandboxStory<ShopProgressProps>({
    state: 'idle',
    prepare: async (env) => ({ loanId: (await env.createLoan()).id }),
  });

/** A loan shopped through the service: its carriers are quoting. */
const quotingLoan = () =>
  sandboxStory<ShopProgressProps>({
    state: 'quoting',
    prepare: async (env) => {
      const { id } = await env.createLoan();
      await env.adapter.shopLoan(id);
      return { loanId: id };
    },
  });

/** For designers: states, parts, theming and the headless hook, next to the live component. */
export const Overview: Story = {
  ...freshLoan(),
  render: (args, { loaded }) => (
    <ComponentDocs
      name="ShopProgress"
      summary='Gets a loan&apos;s quotes: a "Get quotes" button, then a progress bar for the 30 to 45 seconds of quoting, then "Your quotes are ready". Phase changes are announced politely; failures are alerts with "Try again".'
      states={{
        idle: 'Never shopped: the "Get quotes" button (disabled while the loan loads).',
        starting: 'The shop request is on its way.',
        quoting: 'Carriers are quoting: progress bar and the time left.',
        rated: 'The quotes are ready.',
        errored:
          'Quoting failed or timed out, or the shop was refused (after a rate limit "Try again" waits).',
        closed: 'The application is closed.',
      }}
      slots={{
        start: '"Get quotes" button',
        progress: 'The block shown while quoting',
        label: 'Progress label',
        track: 'The progress bar (role=progressbar)',
        fill: 'Its filled part, sized by --lir-shop-progress',
        remaining: 'Time left',
        status: 'Polite live region announcing the phase',
        error: 'Error block',
        message: 'Error text (role=alert)',
        retry: '"Try again" button',
      }}
      variables={{
        '--lir-shop-progress': 'Set by the component: 0 to 1',
        '--lir-shop-progress-height': 'Height of the track',
      }}
      hook={`const { phase, start, retry, progress, elapsedMs, error, retryAt } =
  useShop(loanId, { autoStart: true });`}
    >
      <ShopProgress {...args} {...(loaded as SandboxLoaded<ShopProgressProps>).props} />
    </ComponentDocs>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'ShopProgress' })).toBeVisible();
    await startButton(canvas);
  },
};

/** A loan never shopped: the borrower starts quoting. */
export const Idle: Story = {
  ...freshLoan(),
  play: async ({ canvas, canvasElement }) => {
    await startButton(canvas);
    await expect(root(canvasElement)).toHaveAttribute('data-state', 'idle');
  },
};

/** The loan is still loading: the button waits for it. */
export const Loading: Story = {
  ...sandboxStory<ShopProgressProps>({
    state: 'idle',
    scenarios: [pending('getLoan')],
    prepare: async (env) => ({ loanId: (await env.createLoan()).id }),
  }),
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('button', { name: 'Get quotes' })).toBeDisabled();
    await expect(root(canvasElement)).toHaveAttribute('data-state', 'idle');
  },
};

/**
 * Quoting takes 30-45 s: a progress bar with the time left, announced once. (The loan was shopped
 * before the page opened: the bar counts from the page's opening.)
 */
export const Quoting: Story = {
  ...quotingLoan(),
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('progressbar')).toHaveAccessibleName(
      'Collecting your quotes',
    );
    await waitFor(() => expect(root(canvasElement)).toHaveAttribute('data-state', 'quoting'));
    await expect(canvas.getByRole('status')).toHaveTextContent(/usually takes 30 to 45 seconds/);
  },
};

/** Quoting finished (the sandbox clock jumped past it): the quotes are ready. */
export const Rated: Story = {
  ...sandboxStory<ShopProgressProps>({
    state: 'rated',
    prepare: async (env) => ({ loanId: (await env.ratedLoan()).id }),
  }),
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByText('Your quotes are ready')).toBeVisible();
    await expect(root(canvasElement)).toHaveAttribute('data-state', 'rated');
  },
};

/** Quoting failed at the carriers (the sandbox's `Rating_error` borrower). */
export const Errored: Story = {
  ...sandboxStory<ShopProgressProps>({
    state: 'errored',
    prepare: async (env) => ({
      loanId: (await env.ratedLoan({ primaryBorrower: { firstName: 'Rating_error' } })).id,
    }),
  }),
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'We could not get your quotes right now.',
    );
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
    await expect(root(canvasElement)).toHaveAttribute('data-state', 'errored');
  },
};

/**
 * The BFF could not shop the loan (a 502 from the service). The failure answers the borrower's
 * "Get quotes": the story presses it, on the Docs page too.
 */
export const ShopFailed: Story = {
  ...sandboxStory<ShopProgressProps>({
    state: 'errored',
    autoplay: true,
    scenarios: [failing('shopLoan', { status: 502 })],
    prepare: async (env) => ({ loanId: (await env.createLoan()).id }),
  }),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(await startButton(canvas));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(/could not get your quotes/);
    await expect(root(canvasElement)).toHaveAttribute('data-state', 'errored');
  },
};

/**
 * Too many shops: "Try again" stays disabled until the `Retry-After` time. The refusal answers
 * the borrower's "Get quotes": the story presses it, on the Docs page too.
 */
export const RateLimited: Story = {
  ...sandboxStory<ShopProgressProps>({
    state: 'errored',
    autoplay: true,
    scenarios: [rateLimited('shopLoan', { retryAfterSeconds: 120 })],
    prepare: async (env) => ({ loanId: (await env.createLoan()).id }),
  }),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(await startButton(canvas));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(/Too many requests/);
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeDisabled();
    await expect(root(canvasElement)).toHaveAttribute('data-state', 'errored');
  },
};

/** The lender closed the application: nothing to shop. */
export const Closed: Story = {
  ...sandboxStory<ShopProgressProps>({
    state: 'closed',
    prepare: async (env) => {
      const loan = await env.createLoan();
      await env.adapter.closeLoan(loan.id);
      return { loanId: loan.id };
    },
  }),
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByText('This application is closed')).toBeVisible();
    await expect(root(canvasElement)).toHaveAttribute('data-state', 'closed');
    await expect(canvas.queryByRole('button', { name: 'Get quotes' })).not.toBeInTheDocument();
  },
};

/**
 * In Spanish (the provider's `locale` is `es-US`): "Get quotes", then quoting, the bar and its
 * time left. The story presses the button, on the Docs page too: its label is checked here only.
 */
export const QuotingInSpanish: Story = {
  ...sandboxStory<ShopProgressProps>({
    state: 'quoting',
    autoplay: true,
    prepare: async (env) => ({ loanId: (await env.createLoan()).id }),
  }),
  globals: { locale: 'es-US' },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const start = await canvas.findByRole('button', { name: 'Obtener cotizaciones' });
    await waitFor(() => expect(start).toBeEnabled());
    await userEvent.click(start);
    await expect(await canvas.findByRole('progressbar')).toHaveAccessibleName(
      'Obteniendo sus cotizaciones',
    );
    await waitFor(() => expect(root(canvasElement)).toHaveAttribute('data-state', 'quoting'));
    await expect(canvas.getByRole('status')).toHaveTextContent(/suele tardar de 30 a 45 segundos/);
  },
};
