import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import type { CallSchedulerProps } from '../src/components/CallScheduler/index.js';
import { CallScheduler } from '../src/components/CallScheduler/index.js';
import { failing, pending, rateLimited } from '../src/testing/msw/index.js';
import { ComponentDocs } from './support/ComponentDocs.js';
import { expectShown } from './support/expectShown.js';
import { inTurn } from './support/inTurn.js';
import { onAPhone } from './support/onAPhone.js';
import type { SandboxLoaded, SandboxStoryOptions } from './support/sandboxStory.js';
import { sandboxStory } from './support/sandboxStory.js';

// Fixed moments, so every story reads the same on every day (the slots, the advisor hours, the
// next call), years in the sandbox's future (it refuses a call time that its clock has passed).
// Tuesday 15:00 UTC: mid-morning for the advisors in New York and for Chicago.
const INSIDE_HOURS = new Date('2036-01-15T15:00:00Z');
// Monday 03:00 UTC: Sunday night in New York and Chicago; advisors are back on Monday at 8.
const OUTSIDE_HOURS = new Date('2036-01-14T03:00:00Z');

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
    // A fixed moment inside advisor hours (the default ones: New York, weekdays 8 to 8).
    now: () => INSIDE_HOURS,
    onScheduled: fn(),
    onCalled: fn(),
  },
  argTypes: {
    loanId: { control: false },
    now: { control: false },
    advisorHours: { control: 'object' },
  },
  render: (args, { loaded }) => (
    <CallScheduler {...args} {...(loaded as SandboxLoaded<CallSchedulerProps>).props} />
  ),
} satisfies Meta<typeof CallScheduler>;

export default meta;
type Story = StoryObj<typeof meta>;

const root = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('.lir-CallScheduler');
// As long as the preview's own check: on a Docs page, stories load side by side, some in frames.
const expectState = (canvasElement: HTMLElement, state: string) =>
  waitFor(() => expectShown(root(canvasElement), state), {
    timeout: 10_000,
  });

/** What a story adds to its loan: its scenarios, and whether its play runs on the Docs page. */
type LoanOptions = Omit<SandboxStoryOptions<CallSchedulerProps>, 'state' | 'prepare'>;

/** A loan with TCPA consent recorded, so calls may be arranged; the scheduler shows `state`. */
const consented = (state: string, options: LoanOptions = {}) =>
  sandboxStory<CallSchedulerProps>({
    ...options,
    state,
    prepare: async (env) => ({ loanId: (await env.createLoan({}, { tcpa: true })).id }),
  });

/** A loan without TCPA consent: the scheduler offers it first; it shows `state`. */
const withoutConsent = (state: string, options: LoanOptions = {}) =>
  sandboxStory<CallSchedulerProps>({
    ...options,
    state,
    prepare: async (env) => ({ loanId: (await env.createLoan()).id }),
  });

/** For designers: states, parts, theming and the headless hooks, next to the live component. */
export const Overview: Story = {
  ...consented('ready'),
  render: (args, { loaded }) => (
    <ComponentDocs
      name="CallScheduler"
      summary="Lets the borrower schedule a call with an insurance advisor at a free time in their time zone, or ask to be called now, on a number they see and may change. Both wait for TCPA consent, offered in place until it is recorded. Call now is offered only inside advisor hours; outside them, the next time an advisor can call is shown."
      states={{
        consentRequired:
          'Consent missing: the TCPA checkbox in place, both buttons disabled and described by the reason.',
        ready:
          'Pick a day and time, or call now (inside advisor hours; outside them the next time an advisor can call is shown instead).',
        scheduling: 'Scheduling the call.',
        calling: 'Asking an advisor to call now.',
        scheduled: 'The call is scheduled (status gets focus).',
        called: 'An advisor will call shortly (status gets focus).',
        error: 'The call could not be arranged (after a rate limit the buttons wait).',
      }}
      slots={{
        form: 'The form (named "Talk to an insurance advisor")',
        consent:
          'The TcpaConsentCheckbox, while consent is or was missing, or while it is to cover a new number',
        phone: 'The number an advisor will call and "Change number"',
        'phone-number': '"We will call (512) 555-0134"',
        'change-phone': '"Change number": reveals the phone field',
        'phone-input': 'The tel field (when changing the number, or when none is known)',
        'phone-hint': 'What a valid number looks like',
        'phone-consent': 'The consent will be recorded again for this number',
        field: 'A label and its control',
        date: 'Day select',
        time: 'Time select',
        'field-error': 'Error of the time or phone field',
        'time-zone': 'The time zone the times are in',
        'advisor-hours': 'When advisors take calls, in the borrower\u2019s time zone',
        'next-call': 'Outside advisor hours: the next time an advisor can call',
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
const hours = DEFAULT_ADVISOR_HOURS;
const { callNow } = advisorAvailability(hours, Date.now(), 15);
const days = callSlots({
  now: Date.now(), timeZone, advisorHours: hours,
  leadTimeMinutes: 120, slotMinutes: 30, days: 7,
});
await schedule({
  scheduledAt: '2027-01-12T15:00:00-06:00',
  timeZone: 'America/Chicago',
  phone: '5125550134',
});`}
    >
      <CallScheduler {...args} {...(loaded as SandboxLoaded<CallSchedulerProps>).props} />
    </ComponentDocs>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'CallScheduler' })).toBeVisible();
    await expectState(canvasElement, 'ready');
  },
};

/** Inside advisor hours, consent recorded: pick a day and a time, or ask to be called now. */
export const Ready: Story = {
  ...consented('ready'),
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'ready');
    await expect(
      canvas.getByText(
        'Advisors are available Mon–Fri 7 AM – 7 PM and Sat 8 AM – 4 PM (your time).',
      ),
    ).toBeVisible();
    await expect(canvas.getByText('We will call (512) 555-0134')).toBeVisible();
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
  ...withoutConsent('consentRequired'),
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
  ...withoutConsent('ready', { autoplay: true }),
  play: inTurn(async ({ canvas, canvasElement, userEvent }) => {
    await expectState(canvasElement, 'consentRequired');
    const box = await canvas.findByRole('checkbox', { name: /agree to be contacted/ });
    await waitFor(() => expect(box).toBeEnabled());
    await userEvent.click(box);
    await expectState(canvasElement, 'ready');
    await expect(canvas.getByRole('button', { name: 'Schedule call' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Call me now' })).toBeEnabled();
  }),
};

/** The request is on its way: the button says so and the form is locked. */
export const Scheduling: Story = {
  ...consented('scheduling', { scenarios: [pending('scheduleCall')], autoplay: true }),
  play: inTurn(async ({ canvas, canvasElement, userEvent }) => {
    await expectState(canvasElement, 'ready');
    await userEvent.click(canvas.getByRole('button', { name: 'Schedule call' }));
    await expectState(canvasElement, 'scheduling');
    await expect(canvas.getByRole('button', { name: 'Scheduling…' })).toBeDisabled();
  }),
};

/** A call was scheduled at the chosen time. */
export const Scheduled: Story = {
  ...consented('scheduled', { autoplay: true }),
  // Spies of its own: on the Docs page, the meta's are shared with the stories beside it.
  args: { onScheduled: fn() },
  play: inTurn(async ({ args, canvas, canvasElement, userEvent }) => {
    await expectState(canvasElement, 'ready');
    const time = canvas.getByRole<HTMLSelectElement>('combobox', { name: 'Time' });
    const second = time.options[1]?.value;
    if (second) await userEvent.selectOptions(time, second);
    await userEvent.click(canvas.getByRole('button', { name: 'Schedule call' }));
    await expectState(canvasElement, 'scheduled');
    await expect(canvas.getByRole('status')).toHaveTextContent(/Your call is scheduled for/);
    await expect(canvas.getByRole('status')).toHaveFocus();
    await expect(args.onScheduled).toHaveBeenCalledTimes(1);
  }),
};

/** An advisor was asked to call now. */
export const Called: Story = {
  ...consented('called', { autoplay: true }),
  // Spies of its own: on the Docs page, the meta's are shared with the stories beside it.
  args: { onCalled: fn() },
  play: inTurn(async ({ args, canvas, canvasElement, userEvent }) => {
    await expectState(canvasElement, 'ready');
    await userEvent.click(canvas.getByRole('button', { name: 'Call me now' }));
    await expectState(canvasElement, 'called');
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'An advisor will call (512) 555-0134 shortly.',
    );
    await expect(args.onCalled).toHaveBeenCalledTimes(1);
  }),
};

/** The service could not arrange the call. */
export const Errored: Story = {
  ...consented('error', {
    scenarios: [failing('scheduleCall', { status: 502 })],
    autoplay: true,
  }),
  play: inTurn(async ({ canvas, canvasElement, userEvent }) => {
    await expectState(canvasElement, 'ready');
    await userEvent.click(canvas.getByRole('button', { name: 'Schedule call' }));
    await expectState(canvasElement, 'error');
    await expect(canvas.getByRole('alert')).toHaveTextContent('We could not arrange your call.');
  }),
};

/** Too many requests: both buttons wait until the `Retry-After` time. */
export const RateLimited: Story = {
  ...consented('error', {
    scenarios: [rateLimited('callMeNow', { retryAfterSeconds: 120 })],
    autoplay: true,
  }),
  play: inTurn(async ({ canvas, canvasElement, userEvent }) => {
    await expectState(canvasElement, 'ready');
    await userEvent.click(canvas.getByRole('button', { name: 'Call me now' }));
    await expectState(canvasElement, 'error');
    await expect(canvas.getByRole('alert')).toHaveTextContent(/Too many requests/);
    await expect(canvas.getByRole('button', { name: 'Call me now' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Schedule call' })).toBeDisabled();
  }),
};

/** Sunday night: no "Call me now"; the next time an advisor can call is offered and booked. */
export const OutsideAdvisorHours: Story = {
  ...consented('scheduled', { autoplay: true }),
  // Spies of its own: on the Docs page, the meta's are shared with the stories beside it.
  args: { now: () => OUTSIDE_HOURS, onScheduled: fn() },
  play: inTurn(async ({ args, canvas, canvasElement, userEvent }) => {
    await expectState(canvasElement, 'ready');
    await expect(canvas.queryByRole('button', { name: 'Call me now' })).not.toBeInTheDocument();
    await expect(
      canvas.getByText(/^The next time an advisor can call: Monday, .+ at 7:00 AM$/),
    ).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Time' })).toHaveDisplayValue('7:00 AM');
    await userEvent.click(canvas.getByRole('button', { name: 'Schedule call' }));
    await expectState(canvasElement, 'scheduled');
    await expect(canvas.getByRole('status')).toHaveTextContent(
      /^Your call is scheduled for Monday, .+ at 7:00 AM C[SD]T\. We will call \(512\) 555-0134\.$/,
    );
    await expect(args.onScheduled).toHaveBeenCalledTimes(1);
  }),
};

/** The same, in the dark palette. */
export const OutsideAdvisorHoursDark: Story = {
  ...consented('ready'),
  args: { now: () => OUTSIDE_HOURS },
  globals: { theme: 'dark' },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'ready');
    await expect(canvas.getByText(/^The next time an advisor can call:/)).toBeVisible();
  },
};

/**
 * The borrower changes the number: a bad one gets a field error and sends nothing; the consent
 * is recorded again for the new one before the advisor is asked to call it.
 */
export const ChangingThePhone: Story = {
  ...consented('called', { autoplay: true }),
  // Spies of its own: on the Docs page, the meta's are shared with the stories beside it.
  args: { onCalled: fn() },
  play: inTurn(async ({ args, canvas, canvasElement, userEvent }) => {
    await expectState(canvasElement, 'ready');
    await userEvent.click(canvas.getByRole('button', { name: 'Change number' }));
    const field = canvas.getByRole('textbox', { name: 'Phone number to call' });
    await expect(field).toHaveFocus();
    await userEvent.clear(field);
    await userEvent.type(field, '555-1234');
    await userEvent.click(canvas.getByRole('button', { name: 'Call me now' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Enter a 10-digit US phone number, like (555) 123-4567.',
    );
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(field);
    await userEvent.type(field, '(555) 123-4567');
    await expect(
      canvas.getByText('Your agreement to be contacted will cover this number.'),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Call me now' }));
    await expectState(canvasElement, 'called');
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'An advisor will call (555) 123-4567 shortly.',
    );
    await expect(args.onCalled).toHaveBeenCalledTimes(1);
  }),
};

/** A number that is not one, in the dark palette: the field error. */
export const PhoneErrorDark: Story = {
  ...consented('ready', { autoplay: true }),
  globals: { theme: 'dark' },
  play: inTurn(async ({ canvas, canvasElement, userEvent }) => {
    await expectState(canvasElement, 'ready');
    await userEvent.click(canvas.getByRole('button', { name: 'Change number' }));
    const field = canvas.getByRole('textbox', { name: 'Phone number to call' });
    await userEvent.clear(field);
    await userEvent.click(canvas.getByRole('button', { name: 'Schedule call' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Enter the phone number an advisor should call.',
    );
  }),
};

/** On a 390 px phone, changing the number outside advisor hours: nothing runs off the screen. */
export const OnAPhone: Story = {
  ...onAPhone(consented('ready')),
  args: { now: () => OUTSIDE_HOURS },
  play: inTurn(async ({ canvas, canvasElement, userEvent }) => {
    await expectState(canvasElement, 'ready');
    await userEvent.click(canvas.getByRole('button', { name: 'Change number' }));
    await expect(canvas.getByRole('textbox', { name: 'Phone number to call' })).toBeVisible();
    const scheduler = root(canvasElement) as HTMLElement;
    await waitFor(() => expect(window.innerWidth).toBeLessThanOrEqual(390));
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    for (const part of scheduler.querySelectorAll<HTMLElement>('*'))
      await expect(part.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
  }),
};

/** In Spanish (es-US): the texts, the hours and the number. */
export const Spanish: Story = {
  ...consented('ready'),
  globals: { locale: 'es-US' },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'ready');
    await expect(
      canvas.getByRole('form', { name: 'Hable con un asesor de seguros' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Llámenme ahora' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Cambiar número' })).toBeEnabled();
    await expect(canvas.getByText(/^Los asesores están disponibles lun a vie/)).toBeVisible();
  },
};
