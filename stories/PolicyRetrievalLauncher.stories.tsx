import type { Meta, StoryObj } from '@storybook/react-vite';
import type { RequestHandler } from 'msw';
import { expect, fn, screen, waitFor } from 'storybook/test';
import type { PolicyRetrievalLauncherProps } from '../src/components/PolicyRetrievalLauncher/index.js';
import { PolicyRetrievalLauncher } from '../src/components/PolicyRetrievalLauncher/index.js';
import { failing, pending, rateLimited } from '../src/testing/msw/index.js';
import { ComponentDocs } from './support/ComponentDocs.js';
import { expectShown } from './support/expectShown.js';
import { inTurn } from './support/inTurn.js';
import { onAPhone } from './support/onAPhone.js';
import { ownFrame } from './support/ownFrame.js';
import type { SandboxLoaded } from './support/sandboxStory.js';
import { sandboxStory } from './support/sandboxStory.js';

const meta = {
  title: 'Components/PolicyRetrievalLauncher',
  component: PolicyRetrievalLauncher,
  tags: ['autodocs'],
  args: { loanId: '', onRetrieved: fn(), onExit: fn(), onError: fn() },
  argTypes: { loanId: { control: false } },
  render: (args, { loaded }) => (
    <PolicyRetrievalLauncher
      {...args}
      {...(loaded as SandboxLoaded<PolicyRetrievalLauncherProps>).props}
    />
  ),
} satisfies Meta<typeof PolicyRetrievalLauncher>;

export default meta;
type Story = StoryObj<typeof meta>;

const TRIGGER = 'Share my current policy';
const DIALOG = 'Share your current insurance policy';
// The dialog's code loads on the first click, and the retrieval starts then: on a Docs page,
// beside the other stories' frames, that may take longer than Testing Library's second.
const SLOW = { timeout: 10_000 };
const root = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('.lir-PolicyRetrievalLauncher');
// As long as the preview's own check: on a Docs page, stories load side by side, some in frames.
const expectState = (canvasElement: HTMLElement, state: string) =>
  waitFor(() => expectShown(root(canvasElement), state), {
    timeout: 10_000,
  });

/** A loan of the story's own sandbox; the launcher shows `state`. */
const withLoan = (state: string, scenarios: RequestHandler[] = []) =>
  sandboxStory<PolicyRetrievalLauncherProps>({
    state,
    scenarios,
    prepare: async (env) => ({ loanId: (await env.createLoan()).id }),
  });

/**
 * The launcher whose play opens the dialog, a modal over the whole page: on the Docs page in a
 * frame of its own, where its play runs, as tall as the dialog (or the button, once it closed).
 */
const withDialog = (state: string, scenarios: RequestHandler[] = [], height = '640px') =>
  ownFrame(withLoan(state, scenarios), height);
/** How tall a frame is whose dialog closed again: the button and its status. */
const CLOSED = '120px';

/** The dialog covers the whole viewport and the sign-in frame takes most of it, unscrolled. */
async function expectFullScreen(dialog: HTMLElement, frame: HTMLElement) {
  await waitFor(() => {
    const box = dialog.getBoundingClientRect();
    expect([box.left, box.top, box.width, box.height]).toEqual([
      0,
      0,
      window.innerWidth,
      window.innerHeight,
    ]);
  });
  await expect(frame.getBoundingClientRect().height).toBeGreaterThan(window.innerHeight / 2);
  await expect(dialog.scrollHeight).toBeLessThanOrEqual(dialog.clientHeight);
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
}

/** For designers: states, parts, theming and the headless hook, next to the live component. */
export const Overview: Story = {
  ...withLoan('idle'),
  render: (args, { loaded }) => (
    <ComponentDocs
      name="PolicyRetrievalLauncher"
      summary="A button that starts a policy retrieval and shows the carrier's hosted sign-in page in a modal dialog. The dialog closes by itself when the policy arrives."
      states={{
        idle: 'Nothing started: the button.',
        starting: 'Preparing the sign-in page.',
        open: 'The hosted sign-in page in a frame, with "Open in a new tab".',
        completed: 'The policy arrived: the dialog closed, "Policy received".',
        errored:
          'The retrieval could not start: an alert and "Try again" (after a rate limit it waits).',
      }}
      slots={{
        trigger: 'The button',
        overlay: 'Dimmed backdrop (portal)',
        dialog: 'The dialog (portal, own .lir-root)',
        header: 'Title bar: the title and the close button',
        title: 'Dialog title',
        description: 'Dialog description',
        frame: 'Frame container (data-state loading/loaded)',
        loading: 'Loading text',
        'new-tab': '"Open in a new tab" link',
        close: '"Close" button',
        error: 'Error block (role=alert)',
        retry: '"Try again" button',
        status: '"Policy received" (role=status)',
      }}
      variables={{
        '--lir-dialog-width': 'Dialog width',
        '--lir-frame-height': 'Height of the sign-in frame',
        '--lir-frame-min-height': 'Least height of the sign-in frame on a phone (full screen)',
        '--lir-overlay-color': 'Backdrop colour',
      }}
      hook={`const { phase, start, retrievalUrl, policyIds, retryAt } = usePolicyRetrieval(loanId);`}
    >
      <PolicyRetrievalLauncher
        {...args}
        {...(loaded as SandboxLoaded<PolicyRetrievalLauncherProps>).props}
      />
    </ComponentDocs>
  ),
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'PolicyRetrievalLauncher' }),
    ).toBeVisible();
    await expect(await canvas.findByRole('button', { name: TRIGGER })).toBeEnabled();
  },
};

/** Nothing started yet: one button. */
export const Idle: Story = {
  ...withLoan('idle'),
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('button', { name: TRIGGER })).toBeEnabled();
    await expect(root(canvasElement)).toHaveAttribute('data-state', 'idle');
  },
};

/** The retrieval is being started: the dialog says the sign-in page is on its way. */
export const Starting: Story = {
  ...withDialog('starting', [pending('initiatePolicyRetrieval')]),
  play: inTurn(async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: TRIGGER }));
    const dialog = await screen.findByRole('dialog', { name: DIALOG }, SLOW);
    // The dialog fades in.
    await waitFor(() => expect(dialog).toBeVisible());
    await expect(screen.getByText('Preparing the sign-in page…')).toBeVisible();
    await expectState(canvasElement, 'starting');
  }),
};

/** Retrieval open: the carrier's hosted sign-in page in a frame, in a modal dialog. */
export const Open: Story = {
  ...withDialog('open'),
  play: inTurn(async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: TRIGGER }));
    const dialog = await screen.findByRole('dialog', { name: DIALOG }, SLOW);
    await expectState(canvasElement, 'open');
    const frame = await screen.findByTitle('Sign in to your insurance company', {}, SLOW);
    await waitFor(() => expect(frame).toBeVisible());
    await expect(frame).toHaveAttribute('src', expect.stringMatching(/\/sandbox\/retrieve\//));
    await expect(screen.getByRole('link', { name: 'Open in a new tab' })).toBeVisible();
    await expect(dialog).toContainElement(document.activeElement as HTMLElement);
  }),
};

/**
 * On a phone the dialog is the whole screen: the carrier's sign-in page fills it below the title
 * bar and its close button, instead of scrolling inside a small box.
 */
export const OpenOnPhone: Story = {
  ...onAPhone(withLoan('open')),
  play: inTurn(async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: TRIGGER }));
    const dialog = await screen.findByRole('dialog', { name: DIALOG }, SLOW);
    const frame = await screen.findByTitle('Sign in to your insurance company', {}, SLOW);
    await waitFor(() => expect(frame).toBeVisible());
    await expectFullScreen(dialog, frame);
    const close = screen.getByRole('button', { name: 'Close' });
    await expect(close.getBoundingClientRect().bottom).toBeLessThan(
      frame.getBoundingClientRect().top,
    );
  }),
};

/** The same on a phone in the dark palette: the dialog follows the page's theme. */
export const OpenOnPhoneDark: Story = {
  ...onAPhone(withLoan('open'), { theme: 'dark' }),
  play: inTurn(async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: TRIGGER }));
    const dialog = await screen.findByRole('dialog', { name: DIALOG }, SLOW);
    const frame = await screen.findByTitle('Sign in to your insurance company', {}, SLOW);
    await waitFor(() => expect(frame).toBeVisible());
    await expectFullScreen(dialog, frame);
    await expect(getComputedStyle(dialog).backgroundColor).toBe('rgb(13, 17, 23)');
  }),
};

/**
 * Focus starts on the dialog, not in the carrier's page (which would keep the keys): Escape
 * closes it at once, and the host hears `onExit({ reason: 'closed' })`.
 */
export const EscapeCloses: Story = {
  ...withDialog('open', [], CLOSED),
  play: inTurn(async ({ args, canvas, userEvent }) => {
    const trigger = await canvas.findByRole('button', { name: TRIGGER });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: DIALOG }, SLOW);
    await screen.findByTitle('Sign in to your insurance company', {}, SLOW);
    await waitFor(() => expect(dialog).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(trigger).toHaveFocus();
    await expect(args.onExit).toHaveBeenCalledWith({ reason: 'closed' });
  }),
};

/** In Spanish (the provider's `locale` is `es-US`). */
export const OpenInSpanish: Story = {
  ...withDialog('open'),
  globals: { locale: 'es-US' },
  play: inTurn(async ({ canvas, userEvent }) => {
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Compartir mi póliza actual' }),
    );
    await screen.findByRole('dialog', { name: 'Comparta su póliza de seguro actual' }, SLOW);
    const frame = await screen.findByTitle('Inicie sesión con su compañía de seguros', {}, SLOW);
    await waitFor(() => expect(frame).toBeVisible());
    await expect(screen.getByRole('button', { name: 'Cerrar' })).toBeVisible();
    await expect(screen.getByRole('link', { name: 'Abrir en una pestaña nueva' })).toBeVisible();
  }),
};

/** The borrower signed in at the carrier: the dialog closes by itself and the policy is in. */
export const Completed: Story = {
  ...withDialog('completed', [], CLOSED),
  play: inTurn(async ({ args, canvas, canvasElement, loaded, userEvent }) => {
    const { env } = loaded as SandboxLoaded<PolicyRetrievalLauncherProps>;
    await userEvent.click(await canvas.findByRole('button', { name: TRIGGER }));
    const frame = await screen.findByTitle<HTMLIFrameElement>(
      'Sign in to your insurance company',
      {},
      SLOW,
    );
    // What the borrower does inside the frame: sign in at the carrier as a sandbox user.
    await env.signInAtCarrier(frame.src);
    await expectState(canvasElement, 'completed');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(canvas.getByRole('status')).toHaveTextContent('Policy received');
    await expect(args.onRetrieved).toHaveBeenCalledWith([
      expect.stringMatching(/./),
    ] as unknown as string[]);
  }),
};

/** The retrieval could not be started: the host hears `onError` with the error. */
export const Errored: Story = {
  ...withDialog('errored', [failing('initiatePolicyRetrieval', { status: 502 })]),
  play: inTurn(async ({ args, canvas, canvasElement, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: TRIGGER }));
    await expectState(canvasElement, 'errored');
    await expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent(
      'We could not open the sign-in page.',
    );
    await expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    await expect(args.onError).toHaveBeenCalledWith(expect.objectContaining({ status: 502 }));
  }),
};

/** Too many attempts: "Try again" waits for the `Retry-After` time. */
export const RateLimited: Story = {
  ...withDialog('errored', [rateLimited('initiatePolicyRetrieval', { retryAfterSeconds: 120 })]),
  play: inTurn(async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: TRIGGER }));
    await expectState(canvasElement, 'errored');
    await expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent(/Too many attempts/);
    await expect(screen.getByRole('button', { name: 'Try again' })).toBeDisabled();
  }),
};
