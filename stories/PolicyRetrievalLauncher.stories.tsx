import type { Meta, StoryObj } from '@storybook/react-vite';
import type { RequestHandler } from 'msw';
import { expect, fn, screen, waitFor } from 'storybook/test';
import type { PolicyRetrievalLauncherProps } from '../src/components/PolicyRetrievalLauncher/index.js';
import { PolicyRetrievalLauncher } from '../src/components/PolicyRetrievalLauncher/index.js';
import { failing, pending, rateLimited } from '../src/testing/msw/index.js';
import { ComponentDocs } from './support/ComponentDocs.js';
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
const root = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('.lir-PolicyRetrievalLauncher');
const expectState = (canvasElement: HTMLElement, state: string) =>
  waitFor(() => expect(root(canvasElement)).toHaveAttribute('data-state', state), {
    timeout: 5000,
  });

const withLoan = (scenarios: RequestHandler[] = []) =>
  sandboxStory<PolicyRetrievalLauncherProps>({
    scenarios,
    prepare: async (env) => ({ loanId: (await env.createLoan()).id }),
  });

/** A 390 × 844 phone (the story test resizes the browser to it). */
const PHONE = {
  options: {
    phone390: {
      name: 'Phone (390 × 844)',
      styles: { width: '390px', height: '844px' },
      type: 'mobile',
    },
  },
};
const onPhone = <T extends { parameters: object }>(story: T) => ({
  ...story,
  parameters: { ...story.parameters, viewport: PHONE },
  globals: { viewport: { value: 'phone390', isRotated: false } },
});

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
  ...withLoan(),
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
  ...withLoan(),
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('button', { name: TRIGGER })).toBeEnabled();
    await expect(root(canvasElement)).toHaveAttribute('data-state', 'idle');
  },
};

/** The retrieval is being started: the dialog says the sign-in page is on its way. */
export const Starting: Story = {
  ...withLoan([pending('initiatePolicyRetrieval')]),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: TRIGGER }));
    const dialog = await screen.findByRole('dialog', { name: DIALOG });
    // The dialog fades in.
    await waitFor(() => expect(dialog).toBeVisible());
    await expect(screen.getByText('Preparing the sign-in page…')).toBeVisible();
    await expectState(canvasElement, 'starting');
  },
};

/** Retrieval open: the carrier's hosted sign-in page in a frame, in a modal dialog. */
export const Open: Story = {
  ...withLoan(),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: TRIGGER }));
    const dialog = await screen.findByRole('dialog', { name: DIALOG });
    await expectState(canvasElement, 'open');
    const frame = await screen.findByTitle('Sign in to your insurance company');
    await waitFor(() => expect(frame).toBeVisible());
    await expect(frame).toHaveAttribute('src', expect.stringMatching(/\/sandbox\/retrieve\//));
    await expect(screen.getByRole('link', { name: 'Open in a new tab' })).toBeVisible();
    await expect(dialog).toContainElement(document.activeElement as HTMLElement);
  },
};

/**
 * On a phone the dialog is the whole screen: the carrier's sign-in page fills it below the title
 * bar and its close button, instead of scrolling inside a small box.
 */
export const OpenOnPhone: Story = {
  ...onPhone(withLoan()),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: TRIGGER }));
    const dialog = await screen.findByRole('dialog', { name: DIALOG });
    const frame = await screen.findByTitle('Sign in to your insurance company');
    await waitFor(() => expect(frame).toBeVisible());
    await expectFullScreen(dialog, frame);
    const close = screen.getByRole('button', { name: 'Close' });
    await expect(close.getBoundingClientRect().bottom).toBeLessThan(
      frame.getBoundingClientRect().top,
    );
  },
};

/** The same on a phone in the dark palette: the dialog follows the page's theme. */
export const OpenOnPhoneDark: Story = {
  ...onPhone(withLoan()),
  globals: { viewport: { value: 'phone390', isRotated: false }, theme: 'dark' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: TRIGGER }));
    const dialog = await screen.findByRole('dialog', { name: DIALOG });
    const frame = await screen.findByTitle('Sign in to your insurance company');
    await waitFor(() => expect(frame).toBeVisible());
    await expectFullScreen(dialog, frame);
    await expect(getComputedStyle(dialog).backgroundColor).toBe('rgb(13, 17, 23)');
  },
};

/**
 * Focus starts on the dialog, not in the carrier's page (which would keep the keys): Escape
 * closes it at once, and the host hears `onExit({ reason: 'closed' })`.
 */
export const EscapeCloses: Story = {
  ...withLoan(),
  play: async ({ args, canvas, userEvent }) => {
    const trigger = await canvas.findByRole('button', { name: TRIGGER });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: DIALOG });
    await screen.findByTitle('Sign in to your insurance company');
    await waitFor(() => expect(dialog).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(trigger).toHaveFocus();
    await expect(args.onExit).toHaveBeenCalledWith({ reason: 'closed' });
  },
};

/** In Spanish (the provider's `locale` is `es-US`). */
export const OpenInSpanish: Story = {
  ...withLoan(),
  globals: { locale: 'es-US' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Compartir mi póliza actual' }),
    );
    await screen.findByRole('dialog', { name: 'Comparta su póliza de seguro actual' });
    const frame = await screen.findByTitle('Inicie sesión con su compañía de seguros');
    await waitFor(() => expect(frame).toBeVisible());
    await expect(screen.getByRole('button', { name: 'Cerrar' })).toBeVisible();
    await expect(screen.getByRole('link', { name: 'Abrir en una pestaña nueva' })).toBeVisible();
  },
};

/** The borrower signed in at the carrier: the dialog closes by itself and the policy is in. */
export const Completed: Story = {
  ...withLoan(),
  play: async ({ args, canvas, canvasElement, loaded, userEvent }) => {
    const { env } = loaded as SandboxLoaded<PolicyRetrievalLauncherProps>;
    await userEvent.click(await canvas.findByRole('button', { name: TRIGGER }));
    const frame = await screen.findByTitle<HTMLIFrameElement>('Sign in to your insurance company');
    // What the borrower does inside the frame: sign in at the carrier as a sandbox user.
    await env.signInAtCarrier(frame.src);
    await expectState(canvasElement, 'completed');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(canvas.getByRole('status')).toHaveTextContent('Policy received');
    await expect(args.onRetrieved).toHaveBeenCalledWith([
      expect.stringMatching(/./),
    ] as unknown as string[]);
  },
};

/** The retrieval could not be started: the host hears `onError` with the error. */
export const Errored: Story = {
  ...withLoan([failing('initiatePolicyRetrieval', { status: 502 })]),
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: TRIGGER }));
    await expectState(canvasElement, 'errored');
    await expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not open the sign-in page.',
    );
    await expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    await expect(args.onError).toHaveBeenCalledWith(expect.objectContaining({ status: 502 }));
  },
};

/** Too many attempts: "Try again" waits for the `Retry-After` time. */
export const RateLimited: Story = {
  ...withLoan([rateLimited('initiatePolicyRetrieval', { retryAfterSeconds: 120 })]),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: TRIGGER }));
    await expectState(canvasElement, 'errored');
    await expect(await screen.findByRole('alert')).toHaveTextContent(/Too many attempts/);
    await expect(screen.getByRole('button', { name: 'Try again' })).toBeDisabled();
  },
};
