import type { Meta, StoryObj } from '@storybook/react-vite';
import type { RequestHandler } from 'msw';
import { expect, fn, waitFor } from 'storybook/test';
import type { TcpaConsentCheckboxProps } from '../src/components/TcpaConsentCheckbox/index.js';
import { TcpaConsentCheckbox } from '../src/components/TcpaConsentCheckbox/index.js';
import { failing, pending, rateLimited } from '../src/testing/msw/index.js';
import type { Canvas } from './support/Canvas.js';
import { ComponentDocs } from './support/ComponentDocs.js';
import type { SandboxLoaded } from './support/sandboxStory.js';
import { sandboxStory } from './support/sandboxStory.js';

const meta = {
  title: 'Components/TcpaConsentCheckbox',
  component: TcpaConsentCheckbox,
  tags: ['autodocs'],
  args: {
    loanId: '',
    lenderName: 'Acme Bank',
    termsOfServiceId: 'tcpa_v2',
    phone: '512-555-0134',
    onRecorded: fn(),
  },
  argTypes: { loanId: { control: false } },
  render: (args, { loaded }) => (
    <TcpaConsentCheckbox {...args} {...(loaded as SandboxLoaded<TcpaConsentCheckboxProps>).props} />
  ),
} satisfies Meta<typeof TcpaConsentCheckbox>;

export default meta;
type Story = StoryObj<typeof meta>;

const LABEL = 'I agree to be contacted about home insurance';
const root = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('.lir-TcpaConsentCheckbox');

/** The checkbox once the recorded consent was read (enabled when none is). */
async function checkbox(canvas: Canvas) {
  const box = await canvas.findByRole('checkbox', { name: LABEL });
  await waitFor(() => expect(box).toBeEnabled());
  return box;
}

/** A loan without TCPA consent (each story has a sandbox of its own). */
const freshLoan = () =>
  sandboxStory<TcpaConsentCheckboxProps>({
    state: 'unchecked',
    prepare: async (env) => ({ loanId: (await env.createLoan()).id }),
  });

/**
 * A loan without TCPA consent, whose story checks the box: what follows answers the borrower's
 * click, so the story plays it on the Docs page too.
 */
const checkedByTheBorrower = (state: string, scenarios: RequestHandler[] = []) =>
  sandboxStory<TcpaConsentCheckboxProps>({
    state,
    autoplay: true,
    scenarios,
    prepare: async (env) => ({ loanId: (await env.createLoan()).id }),
  });

/** A loan whose TCPA consent was recorded on an earlier visit. */
const recordedLoan = () =>
  sandboxStory<TcpaConsentCheckboxProps>({
    state: 'recorded',
    prepare: async (env) => ({ loanId: (await env.createLoan({}, { tcpa: true })).id }),
  });

/** For designers: states, parts, theming and the headless hook, next to the live component. */
export const Overview: Story = {
  ...freshLoan(),
  render: (args, { loaded }) => (
    <ComponentDocs
      name="TcpaConsentCheckbox"
      summary="The borrower's TCPA consent, needed before an advisor may call: a checkbox, unchecked by default, with the full disclosure beside it. Checking it records the consent once; a recorded consent stays checked (the disclosure says how to revoke it)."
      states={{
        unchecked: 'Consent missing: the borrower may check the box (disabled while loading).',
        recording: 'Checked: the consent is being recorded.',
        recorded: 'Recorded: checked and disabled, with the date.',
        error: 'Recording failed: an alert and "Try again" (after a rate limit it waits).',
      }}
      slots={{
        control: 'Checkbox and its label',
        checkbox: 'The native checkbox',
        label: 'Its label',
        disclosure: 'The legal disclosure (the checkbox\u2019s description)',
        status: 'Live region: recording, recorded on…',
        revoke: 'How to revoke, once recorded',
        error: 'Error block',
        message: 'Error text (role=alert)',
        retry: '"Try again" button',
      }}
      hook={`const { recorded, isLoading, record, recording } = useTcpaConsent(loanId);
await record({ termsOfServiceId: 'tcpa_v2', phone });`}
    >
      <TcpaConsentCheckbox
        {...args}
        {...(loaded as SandboxLoaded<TcpaConsentCheckboxProps>).props}
      />
    </ComponentDocs>
  ),
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'TcpaConsentCheckbox' }),
    ).toBeVisible();
    await expect(await checkbox(canvas)).not.toBeChecked();
  },
};

/** Consent missing: unchecked by default, with the full disclosure beside it. */
export const Unchecked: Story = {
  ...freshLoan(),
  play: async ({ canvas, canvasElement }) => {
    const box = await checkbox(canvas);
    await expect(box).not.toBeChecked();
    await expect(box).toHaveAccessibleDescription(/Acme Bank/);
    await expect(root(canvasElement)).toHaveAttribute('data-state', 'unchecked');
  },
};

/** Whether consent was already given is still loading: the checkbox waits. */
export const Loading: Story = {
  ...sandboxStory<TcpaConsentCheckboxProps>({
    state: 'unchecked',
    scenarios: [pending('getTcpaConsent')],
    prepare: async (env) => ({ loanId: (await env.createLoan()).id }),
  }),
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('checkbox', { name: LABEL })).toBeDisabled();
    await expect(root(canvasElement)).toHaveAttribute('data-state', 'unchecked');
  },
};

/** Checked: the consent is on its way to the service. */
export const Recording: Story = {
  ...checkedByTheBorrower('recording', [pending('recordTcpaConsent')]),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(await checkbox(canvas));
    await expect(await canvas.findByRole('status')).toHaveTextContent('Recording your consent…');
    await expect(root(canvasElement)).toHaveAttribute('data-state', 'recording');
  },
};

/** The borrower checks the box: the consent is recorded, and stays checked. */
export const Recorded: Story = {
  ...checkedByTheBorrower('recorded'),
  // Its own callback: on the Docs page, the Spanish story records its consent at the same time.
  args: { onRecorded: fn() },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await userEvent.click(await checkbox(canvas));
    await waitFor(() => expect(root(canvasElement)).toHaveAttribute('data-state', 'recorded'));
    await expect(canvas.getByRole('checkbox', { name: LABEL })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: LABEL })).toBeDisabled();
    await expect(canvas.getByRole('status')).toHaveTextContent(/Consent recorded/);
    await expect(args.onRecorded).toHaveBeenCalledTimes(1);
  },
};

/** Consent given earlier (another visit): shown checked, never recorded twice. */
export const AlreadyRecorded: Story = {
  ...recordedLoan(),
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(root(canvasElement)).toHaveAttribute('data-state', 'recorded'));
    await expect(canvas.getByRole('checkbox', { name: LABEL })).toBeChecked();
  },
};

/** Recording failed: an alert and "Try again". */
export const Errored: Story = {
  ...checkedByTheBorrower('error', [failing('recordTcpaConsent', { status: 502 })]),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(await checkbox(canvas));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'We could not record your consent.',
    );
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
    await expect(root(canvasElement)).toHaveAttribute('data-state', 'error');
  },
};

/** Too many attempts: "Try again" is disabled until the `Retry-After` time. */
export const RateLimited: Story = {
  ...checkedByTheBorrower('error', [rateLimited('recordTcpaConsent', { retryAfterSeconds: 120 })]),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(await checkbox(canvas));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(/Too many attempts/);
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeDisabled();
    await expect(root(canvasElement)).toHaveAttribute('data-state', 'error');
  },
};

/** In Spanish (es-US). A lender's counsel must approve the Spanish disclosure before use. */
export const Spanish: Story = {
  ...checkedByTheBorrower('recorded'),
  args: { termsOfServiceId: 'tcpa_v2_es' },
  globals: { locale: 'es-US' },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const box = await canvas.findByRole('checkbox', {
      name: 'Acepto que me contacten sobre seguros de vivienda',
    });
    await waitFor(() => expect(box).toBeEnabled());
    await expect(box).toHaveAccessibleDescription(/^Al marcar esta casilla, acepto que Acme Bank/);
    await userEvent.click(box);
    await waitFor(() => expect(root(canvasElement)).toHaveAttribute('data-state', 'recorded'));
    await expect(canvas.getByRole('status')).toHaveTextContent(/^Consentimiento registrado/);
  },
};

/** Recorded, in the dark palette. */
export const RecordedDark: Story = {
  ...recordedLoan(),
  globals: { theme: 'dark' },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(root(canvasElement)).toHaveAttribute('data-state', 'recorded'));
    await expect(canvas.getByRole('checkbox', { name: LABEL })).toBeChecked();
  },
};
