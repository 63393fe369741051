import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, waitFor, within } from 'storybook/test';
import { BORROWER_ON_FILE } from '../demo/src/borrower.js';
import { APPLICATION_FIELDS } from '../src/components/LoanApplicationForm/applicationFields.js';
import type {
  LoanApplicationFormProps,
  LoanApplicationFormValues,
} from '../src/components/LoanApplicationForm/index.js';
import { LoanApplicationForm } from '../src/components/LoanApplicationForm/index.js';
import { failing, pending } from '../src/testing/msw/index.js';
import type { Canvas } from './support/Canvas.js';
import { ComponentDocs } from './support/ComponentDocs.js';
import { expectShown } from './support/expectShown.js';
import { inTurn } from './support/inTurn.js';
import { onAPhone } from './support/onAPhone.js';
import type { SandboxLoaded, SandboxStoryOptions } from './support/sandboxStory.js';
import { sandboxStory } from './support/sandboxStory.js';

/** The demo's borrower on file, with a closing date. */
const PREFILL: Partial<LoanApplicationFormValues> = {
  ...BORROWER_ON_FILE,
  closingDate: '2027-01-15',
};

const meta = {
  title: 'Components/LoanApplicationForm',
  component: LoanApplicationForm,
  tags: ['autodocs'],
  args: { onCreated: fn(), onError: fn(), onInvalid: fn() },
  argTypes: {
    defaultValues: { control: 'object' },
    // One checkbox per field: a designer locks fields by name.
    lockedFields: { control: 'check', options: APPLICATION_FIELDS.map((field) => field.name) },
  },
  render: (args, { loaded }) => (
    <LoanApplicationForm {...args} {...(loaded as SandboxLoaded<LoanApplicationFormProps>).props} />
  ),
} satisfies Meta<typeof LoanApplicationForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const root = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('.lir-LoanApplicationForm');
// As long as the preview's own check: on a Docs page, stories load side by side, some in frames.
const expectState = (canvasElement: HTMLElement, state: string) =>
  waitFor(() => expectShown(root(canvasElement), state), {
    timeout: 10_000,
  });

/**
 * The form behind its own sandbox, showing `state`; a state reached by submitting it needs its
 * play on the Docs page too (`autoplay`).
 */
const form = (
  state: string,
  options: Omit<SandboxStoryOptions<LoanApplicationFormProps>, 'state'> = {},
) => sandboxStory<LoanApplicationFormProps>({ ...options, state });

const group = (canvas: Canvas, name: string) => within(canvas.getByRole('group', { name }));
const left = (canvas: Canvas, name: string) =>
  Math.round(
    group(canvas, 'About you').getByRole('textbox', { name }).getBoundingClientRect().left,
  );

/** Prefilled with three invalid fields and the loan locked; submitted: the errors are shown. */
const invalidAndLocked = {
  defaultValues: { ...PREFILL, email: 'avery@example', phone: '555-0134', zip: '7870' },
  lockedFields: ['loanNumber', 'loanAmount', 'closingDate'],
} satisfies Partial<LoanApplicationFormProps>;
const submitToSeeErrors = async ({
  canvas,
  canvasElement,
  userEvent,
}: {
  canvas: Canvas;
  canvasElement: HTMLElement;
  userEvent: { click(element: Element): Promise<void> };
}) => {
  await expectState(canvasElement, 'editing');
  await userEvent.click(
    canvas.getByRole('button', { name: /Submit application|Enviar solicitud/ }),
  );
  await expectState(canvasElement, 'errored');
};

/** For designers: states, parts, theming and the headless hook, next to the live component. */
export const Overview: Story = {
  ...form('editing'),
  args: { defaultValues: PREFILL, lockedFields: ['loanNumber', 'loanAmount'] },
  render: (args, { loaded }) => (
    <ComponentDocs
      name="LoanApplicationForm"
      summary="The loan application: the borrower, their current address, the home to insure and the loan. Fields are checked before anything is sent, each error under its field, focus on the first; the lender may prefill fields and lock the ones it already knows."
      states={{
        editing: 'The borrower fills in the form.',
        submitting: 'The application is on its way (the button says so, fields hold still).',
        errored:
          'Fields are invalid (errors under them), or the service refused or failed (alert above the button). Nothing typed is lost.',
        created: 'The application was created (status gets focus; the form is gone).',
      }}
      slots={{
        form: 'The form (named "Loan application")',
        'locked-intro': 'What "From your lender" means, when fields are locked',
        group: 'A fieldset: about you, current address, the home to insure, the loan',
        fields: 'The grid of a group: one column when narrow, two when wide',
        field: 'A label, its input or select, and its notes',
        optional: '"(optional)" in the label of an optional field',
        locked: '"From your lender" under a locked (read-only) field',
        'field-error': 'Error of a field (describes it)',
        error: 'What went wrong (role=alert)',
        actions: 'The button row',
        submit: '"Submit application"',
        status: 'Outcome (role=status)',
      }}
      variables={{ '--lir-loan-application-form-width': 'Maximum width of the form' }}
      hook={`const { create, isPending, error, fieldErrors } = useCreateLoanApplication();
const loan = await create(toLoanApplicationInput(values));
if (loan) navigate(\`/insurance/\${loan.id}\`);`}
    >
      <LoanApplicationForm
        {...args}
        {...(loaded as SandboxLoaded<LoanApplicationFormProps>).props}
      />
    </ComponentDocs>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'LoanApplicationForm' }),
    ).toBeVisible();
    await expectState(canvasElement, 'editing');
  },
};

/** Nothing known yet: the borrower fills in every field. */
export const Empty: Story = {
  ...form('editing'),
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'editing');
    await expect(canvas.getByRole('form', { name: 'Loan application' })).toBeVisible();
    await expect(
      group(canvas, 'About you').getByRole('textbox', { name: 'First name' }),
    ).toHaveValue('');
    await expect(canvas.getByRole('button', { name: 'Submit application' })).toBeEnabled();
  },
};

/** The lender prefills what it knows and locks the loan's details: shown as "From your lender". */
export const PrefilledAndLocked: Story = {
  ...form('editing'),
  args: {
    defaultValues: PREFILL,
    lockedFields: ['loanNumber', 'loanAmount', 'closingDate', 'propertyState'],
  },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'editing');
    const number = group(canvas, 'Your loan').getByRole('textbox', { name: 'Loan number' });
    await expect(number).toHaveAttribute('readonly');
    await expect(number).toHaveAccessibleDescription('From your lender');
    await expect(
      group(canvas, 'Your loan').getByRole('textbox', { name: /Loan amount/ }),
    ).toHaveValue('$420,000');
    await expect(
      group(canvas, 'The home to insure').getByRole('textbox', { name: 'State or territory' }),
    ).toHaveValue('Texas');
  },
};

/** Invalid fields stop the application in the page: errors under them, focus on the first. */
export const WithErrors: Story = {
  ...form('errored', { autoplay: true }),
  // Spies of its own: on the Docs page, the meta's are shared with the stories beside it.
  args: {
    onCreated: fn(),
    onInvalid: fn(),
    defaultValues: { ...PREFILL, email: 'avery@example', phone: '555-0134', zip: '7870' },
  },
  play: inTurn(async ({ args, canvas, canvasElement, userEvent }) => {
    await expectState(canvasElement, 'editing');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit application' }));
    await expectState(canvasElement, 'errored');
    const email = group(canvas, 'About you').getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email).toHaveFocus());
    await expect(email).toHaveAccessibleDescription(
      'Enter an email address like name@example.com.',
    );
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Please correct the highlighted fields.',
    );
    await expect(args.onInvalid).toHaveBeenCalledWith(['email', 'phone', 'zip']);
    await expect(args.onCreated).not.toHaveBeenCalled();
  }),
};

/** The service refuses a field: its reason is shown under it. */
export const RefusedByTheService: Story = {
  ...form('errored', {
    scenarios: [
      http.post('*/api/insurance/loans', () =>
        HttpResponse.json(
          {
            error: {
              code: 'validation_error',
              message: 'The application is not valid',
              issues: [{ path: 'borrowers.0.phone', message: 'This number cannot receive calls' }],
            },
          },
          { status: 400 },
        ),
      ),
    ],
    autoplay: true,
  }),
  args: { defaultValues: PREFILL },
  play: inTurn(async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Submit application' }));
    await expectState(canvasElement, 'errored');
    const phone = group(canvas, 'About you').getByRole('textbox', { name: 'Phone' });
    await waitFor(() => expect(phone).toHaveFocus());
    await expect(phone).toHaveAccessibleDescription('This number cannot receive calls');
  }),
};

/** The application is on its way. */
export const Submitting: Story = {
  ...form('submitting', { scenarios: [pending('submitLoanApplication')], autoplay: true }),
  args: { defaultValues: PREFILL },
  play: inTurn(async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Submit application' }));
    await expectState(canvasElement, 'submitting');
    await expect(canvas.getByRole('button', { name: 'Submitting…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  }),
};

/** The service could not take the application: the borrower may try again, nothing is lost. */
export const Failed: Story = {
  ...form('errored', {
    scenarios: [failing('submitLoanApplication', { status: 502 })],
    autoplay: true,
  }),
  // Spies of its own: on the Docs page, the meta's are shared with the stories beside it.
  args: { defaultValues: PREFILL, onError: fn() },
  play: inTurn(async ({ args, canvas, canvasElement, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Submit application' }));
    await expectState(canvasElement, 'errored');
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'We could not submit your application. Please try again.',
    );
    await expect(args.onError).toHaveBeenCalledTimes(1);
  }),
};

/** The application was created in the sandbox. */
export const Created: Story = {
  ...form('created', { autoplay: true }),
  // Spies of its own: on the Docs page, the meta's are shared with the stories beside it.
  args: { defaultValues: PREFILL, onCreated: fn() },
  play: inTurn(async ({ args, canvas, canvasElement, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Submit application' }));
    await expectState(canvasElement, 'created');
    await expect(canvas.getByRole('status')).toHaveTextContent('Your application was submitted.');
    await expect(canvas.getByRole('status')).toHaveFocus();
    await expect(args.onCreated).toHaveBeenCalledTimes(1);
  }),
};

/** Errors and locked fields in the dark palette: every part readable (axe checks the contrast). */
export const WithErrorsDark: Story = {
  ...form('errored', { autoplay: true }),
  args: invalidAndLocked,
  globals: { theme: 'dark' },
  play: inTurn(submitToSeeErrors),
};

/** On a 390 px phone: one column, and nothing runs off the screen, errors and notes included. */
export const OnAPhone: Story = {
  ...onAPhone(form('errored')),
  args: invalidAndLocked,
  play: inTurn(async (context) => {
    const { canvas, canvasElement } = context;
    await waitFor(() => expect(window.innerWidth).toBeLessThanOrEqual(390));
    await submitToSeeErrors(context);
    await expect(left(canvas, 'Last name')).toBe(left(canvas, 'First name'));
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    for (const part of (root(canvasElement) as HTMLElement).querySelectorAll('*'))
      await expect(part.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
  }),
};

/** The same phone in the dark palette. */
export const OnAPhoneDark: Story = {
  ...OnAPhone,
  globals: { ...OnAPhone.globals, theme: 'dark' },
};

/** Where it is wide: two columns, the first and last name side by side. */
export const Wide: Story = {
  ...form('editing'),
  args: { defaultValues: PREFILL },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'editing');
    await expect(left(canvas, 'Last name')).toBeGreaterThan(left(canvas, 'First name'));
  },
};

/** In Spanish (the provider's `locale` is `es-US`): labels, options, notes and errors. */
export const Spanish: Story = {
  ...form('errored', { autoplay: true }),
  args: invalidAndLocked,
  globals: { locale: 'es-US' },
  play: inTurn(async (context) => {
    const { canvas } = context;
    // Shown once its Spanish texts have loaded (never in English meanwhile).
    await expect(await canvas.findByRole('form', { name: 'Solicitud de préstamo' })).toBeVisible();
    await submitToSeeErrors(context);
    const email = group(canvas, 'Sus datos').getByRole('textbox', { name: 'Correo electrónico' });
    await waitFor(() => expect(email).toHaveFocus());
    await expect(email).toHaveAccessibleDescription(
      'Escriba un correo electrónico como nombre@ejemplo.com.',
    );
    await expect(
      group(canvas, 'Su préstamo').getByRole('textbox', { name: 'Número de préstamo' }),
    ).toHaveAccessibleDescription('Proporcionado por su prestamista');
  }),
};
