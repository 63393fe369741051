import type { Meta, StoryObj } from '@storybook/react-vite';
import type { RequestHandler } from 'msw';
import { expect, fn, waitFor } from 'storybook/test';
import type { CallSchedulerProps } from '../src/components/CallScheduler/index.js';
import { CallScheduler } from '../src/components/CallScheduler/index.js';
import { failing, pending, rateLimited } from '../src/testing/msw/index.js';
import { ComponentDocs } from './support/ComponentDocs.js';
import type { SandboxLoaded } from './support/sandboxStory.js';
import { sandboxStory } from './support/sandboxStory.js';

const meta = {
  title: 'Components/CallScheduler',
  component: CallScheduler,
  tags: ['autodocs'],
  args: {
    loanId: '',
    lenderName: 'Acme Bank',
    termsOfServiceId: 'tcpa_v2',
    // A fixed zone, so the story reads the same on every machine.
    timeZone: 'America/Chicago',
    onScheduled: fn(),
    onCalled: fn(),
  },
  argTypes: { loanId: { control: false }, now: { control: false } },
  render: (args, { loaded }) => (
    <CallScheduler {...args} {...(loaded as SandboxLoaded<CallSchedulerProps>).props} />
  ),
} satisfies Meta<typeof CallScheduler>;

export default meta;
type Story = StoryObj<typeof meta>;

const root = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('.lir-CallScheduler');
const expectState = (canvasElement: HTMLElement, state: string) =>
  waitFor(() => expect(root(canvasElement)).toHaveAttribute('data-state', state), {
    timeout: 5000,
  });

/** A loan with TCPA consent recorded, so calls may be arranged. */
const consented = (options: { scenarios?: RequestHandler[] } = {}) =>
  sandboxStory<CallSchedulerProps>({
    ...options,
    prepare: async (env) => ({ loanId: (await env.createLoan({}, { tcpa: true })).id }),
  });

/** For designers: states, parts, theming and the headless hooks, next to the live component. */
export const Overview: Story = {
  ...consented(),
  render: (args, { loaded }) => (
    <ComponentDocs
      name="CallScheduler"
      summary="Lets the borrower schedule a call with an insurance advisor at a free time in their time zone, or ask to be called now. Both wait for TCPA consent, offered in place until it is recorded."
      states={{
        consentRequired:
          'Consent missing: the TCPA checkbox in place, both buttons disabled and described by the reason.',
        ready: 'Pick a day and time, or call now.',
        scheduling: 'Scheduling the call.',
        calling: 'Asking an advisor to call now.',
        scheduled: 'The call is scheduled (status gets focus).',
        called: 'An advisor will call shortly (status gets focus).',
        error: 'The call could not be arranged (after a rate limit the buttons wait).',
      }}
      slots={{
        form: 'The form (named "Talk to an insurance advisor")',
        consent: 'The TcpaConsentCheckbox, while consent is or was missing',
        field: 'A label and its select',
        date: 'Day select',
        time: 'Time select',
        'field-error': 'Error of the time field',
        'time-zone': 'The time zone the times are in',
        'no-slots': 'No free times',
        reason: 'Why the buttons are disabled',
        actions: 'The buttons',
        schedule: '"Schedule call" (submit)',
        'call-now': '"Call me now"',
        error: 'Error text (role=alert)',
        status: 'Outcome (role=status)',
      }}
      variables={{ '--lir-call-scheduler-width': 'Maximum width of the form' }}
      hook={`const consent = useTcpaConsent(loanId);
const { schedule, isPending, retryAt } = useScheduleCall(loanId);
const { call } = useCallMeNow(loanId);
await schedule({ scheduledAt: '2027-01-12T15:00:00-06:00', timeZone: 'America/Chicago' });`}
    >
      <CallScheduler {...args} {...(loaded as SandboxLoaded<CallSchedulerProps>).props} />
    </ComponentDocs>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'CallScheduler' })).toBeVisible();
    await expectState(canvasElement, 'ready');
  },
};

/** Consent recorded: pick a day and a time, or ask to be called now. */
export const Ready: Story = {
  ...consented(),
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'ready');
    await expect(canvas.getByRole('form', { name: 'Talk to an insurance advisor' })).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Day' })).toBeEnabled();
    await expect(canvas.getByRole('combobox', { name: 'Time' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Schedule call' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Call me now' })).toBeEnabled();
    await expect(canvas.getByText(/Times in .* \(America\/Chicago\)/)).toBeVisible();
  },
};

/** Consent missing: the TCPA checkbox is offered in place and both buttons wait for it. */
export const ConsentMissing: Story = {
  ...sandboxStory<CallSchedulerProps>({
    prepare: async (env) => ({ loanId: (await env.createLoan()).id }),
  }),
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'consentRequired');
    const reason = 'To schedule a call or be called now, first agree to be contacted.';
    const schedule = canvas.getByRole('button', { name: 'Schedule call' });
    const callNow = canvas.getByRole('button', { name: 'Call me now' });
    await expect(schedule).toBeDisabled();
    await expect(callNow).toBeDisabled();
    await expect(schedule).toHaveAccessibleDescription(reason);
    await expect(callNow).toHaveAccessibleDescription(reason);
    await expect(
      await canvas.findByRole('checkbox', { name: /agree to be contacted/ }),
    ).not.toBeChecked();
  },
};

/** The borrower agrees in place: the buttons become available. */
export const ConsentGivenInPlace: Story = {
  ...sandboxStory<CallSchedulerProps>({
    prepare: async (env) => ({ loanId: (await env.createLoan()).id }),
  }),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expectState(canvasElement, 'consentRequired');
    const box = await canvas.findByRole('checkbox', { name: /agree to be contacted/ });
    await waitFor(() => expect(box).toBeEnabled());
    await userEvent.click(box);
    await expectState(canvasElement, 'ready');
    await expect(canvas.getByRole('button', { name: 'Schedule call' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Call me now' })).toBeEnabled();
  },
};

/** The request is on its way: the button says so and the form is locked. */
export const Scheduling: Story = {
  ...consented({ scenarios: [pending('scheduleCall')] }),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expectState(canvasElement, 'ready');
    await userEvent.click(canvas.getByRole('button', { name: 'Schedule call' }));
    await expectState(canvasElement, 'scheduling');
    await expect(canvas.getByRole('button', { name: 'Scheduling…' })).toBeDisabled();
  },
};

/** A call was scheduled at the chosen time. */
export const Scheduled: Story = {
  ...consented(),
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await expectState(canvasElement, 'ready');
    const time = canvas.getByRole<HTMLSelectElement>('combobox', { name: 'Time' });
    const second = time.options[1]?.value;
    if (second) await userEvent.selectOptions(time, second);
    await userEvent.click(canvas.getByRole('button', { name: 'Schedule call' }));
    await expectState(canvasElement, 'scheduled');
    await expect(canvas.getByRole('status')).toHaveTextContent(/Your call is scheduled for/);
    await expect(canvas.getByRole('status')).toHaveFocus();
    await expect(args.onScheduled).toHaveBeenCalledTimes(1);
  },
};

/** An advisor was asked to call now. */
export const Called: Story = {
  ...consented(),
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await expectState(canvasElement, 'ready');
    await userEvent.click(canvas.getByRole('button', { name: 'Call me now' }));
    await expectState(canvasElement, 'called');
    await expect(canvas.getByRole('status')).toHaveTextContent('An advisor will call you shortly');
    await expect(args.onCalled).toHaveBeenCalledTimes(1);
  },
};

/** The service could not arrange the call. */
export const Errored: Story = {
  ...consented({ scenarios: [failing('scheduleCall', { status: 502 })] }),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expectState(canvasElement, 'ready');
    await userEvent.click(canvas.getByRole('button', { name: 'Schedule call' }));
    await expectState(canvasElement, 'error');
    await expect(canvas.getByRole('alert')).toHaveTextContent('We could not arrange your call.');
  },
};

/** Too many requests: both buttons wait until the `Retry-After` time. */
export const RateLimited: Story = {
  ...consented({ scenarios: [rateLimited('callMeNow', { retryAfterSeconds: 120 })] }),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expectState(canvasElement, 'ready');
    await userEvent.click(canvas.getByRole('button', { name: 'Call me now' }));
    await expectState(canvasElement, 'error');
    await expect(canvas.getByRole('alert')).toHaveTextContent(/Too many requests/);
    await expect(canvas.getByRole('button', { name: 'Call me now' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Schedule call' })).toBeDisabled();
  },
};
