import { format } from 'node:util';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type {
  LoanApplicationFormProps,
  LoanApplicationFormValues,
} from '../../src/components/LoanApplicationForm/index.js';
import {
  LoanApplicationForm,
  toLoanApplicationInput,
} from '../../src/components/LoanApplicationForm/index.js';
import {
  InsuranceError,
  LOAN_PURPOSES,
  LOAN_TYPES,
  MissingProviderError,
  US_STATE_CODES,
  ValidationError,
} from '../../src/core/index.js';
import type { InsuranceMessages } from '../../src/hooks/index.js';
import { InsuranceProvider } from '../../src/hooks/index.js';
import { failing, pending, rateLimited } from '../../src/testing/msw/index.js';
import { expectNoAxeViolations } from '../support/expectNoAxeViolations.js';
import { setupSandbox } from '../support/insuranceHarness.js';
import { missingProviderThrownBy } from '../support/missingProviderThrownBy.js';
import { mswServer } from '../support/mswServer.js';
import { serverRendered } from '../support/serverRendered.js';

const SUBMIT = /^POST \/loans$/;

/** Everything a borrower fills in, valid. */
const VALID: LoanApplicationFormValues = {
  firstName: 'Avery',
  lastName: 'Jordan',
  email: 'avery.jordan@example.com',
  phone: '512-555-0134',
  street: '100 Congress Ave',
  street2: '',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  propertyStreet: '2400 Lake Austin Blvd',
  propertyStreet2: 'Unit 4',
  propertyCity: 'Austin',
  propertyState: 'TX',
  propertyZip: '78703',
  loanNumber: 'LN-100200',
  loanAmount: '420000',
  closingDate: '2027-01-15',
  loanPurpose: 'PURCHASE',
  loanType: 'MORTGAGE',
};

/** A sandbox, and the bodies of the applications the page sends. */
function setup() {
  const env = setupSandbox();
  const bodies: Array<Record<string, unknown>> = [];
  const onStart = async ({ request }: { request: Request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/loans'))
      bodies.push(await request.clone().json());
  };
  mswServer.events.on('request:start', onStart);
  onTestFinished(() => {
    mswServer.events.removeListener('request:start', onStart);
  });
  return { ...env, bodies };
}

function renderForm(
  env: ReturnType<typeof setup>,
  props: Partial<LoanApplicationFormProps> = {},
  { locale, messages }: { locale?: string; messages?: InsuranceMessages } = {},
) {
  const onCreated = vi.fn();
  const onError = vi.fn();
  const onInvalid = vi.fn();
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <main>
      <InsuranceProvider adapter={env.adapter} locale={locale} messages={messages}>
        {children}
      </InsuranceProvider>
    </main>
  );
  const view = render(
    <LoanApplicationForm
      onCreated={onCreated}
      onError={onError}
      onInvalid={onInvalid}
      {...props}
    />,
    { wrapper },
  );
  const root = view.container.querySelector('.lir-LoanApplicationForm') as HTMLElement;
  return { ...view, root, onCreated, onError, onInvalid, user: userEvent.setup() };
}

const group = (name: string | RegExp) => within(screen.getByRole('group', { name }));
const submitButton = () => screen.getByRole('button', { name: /submit/i });

async function whenState(root: HTMLElement, state: string) {
  await waitFor(() => expect(root).toHaveAttribute('data-state', state));
}

/** The application the sandbox receives for {@link VALID}. */
const SENT = {
  loanNumber: 'LN-100200',
  loanAmount: 420_000,
  closingDate: '2027-01-15',
  loanPurpose: 'PURCHASE',
  loanType: 'MORTGAGE',
  borrowers: [
    {
      isPrimary: true,
      firstName: 'Avery',
      lastName: 'Jordan',
      email: 'avery.jordan@example.com',
      phone: '512-555-0134',
      currentAddress: { street: '100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
    },
  ],
  property: {
    address: {
      street: '2400 Lake Austin Blvd',
      street2: 'Unit 4',
      city: 'Austin',
      state: 'TX',
      zip: '78703',
    },
  },
};

describe('LoanApplicationForm', () => {
  it('sends the application the borrower types, then reports the created loan', async () => {
    const env = setup();
    const { root, user, onCreated } = renderForm(env);
    expect(root).toHaveAttribute('data-state', 'editing');
    expect(screen.getByRole('form', { name: 'Loan application' })).toBeInTheDocument();
    await expectNoAxeViolations();

    const you = group('About you');
    await user.type(you.getByRole('textbox', { name: 'First name' }), 'Avery');
    await user.type(you.getByRole('textbox', { name: 'Last name' }), 'Jordan');
    await user.type(you.getByRole('textbox', { name: 'Email' }), 'avery@example.com');
    await user.type(you.getByRole('textbox', { name: 'Phone' }), '(512) 555-0134');
    const home = group('Your current address');
    await user.type(home.getByRole('textbox', { name: 'Street address' }), '100 Congress Ave');
    await user.type(home.getByRole('textbox', { name: 'City' }), 'Austin');
    await user.selectOptions(home.getByRole('combobox', { name: 'State or territory' }), 'Texas');
    await user.type(home.getByRole('textbox', { name: 'ZIP code' }), '78701');
    const property = group('The home to insure');
    await user.type(property.getByRole('textbox', { name: 'Street address' }), '1 Elm St');
    await user.type(property.getByRole('textbox', { name: 'City' }), 'Santa Fe');
    await user.selectOptions(
      property.getByRole('combobox', { name: 'State or territory' }),
      'New Mexico',
    );
    await user.type(property.getByRole('textbox', { name: 'ZIP code' }), '87501-1234');
    const loan = group('Your loan');
    await user.type(loan.getByRole('textbox', { name: 'Loan number' }), 'LN-9');
    await user.type(loan.getByRole('textbox', { name: /Loan amount/ }), '$350,000.50');
    await user.click(submitButton());

    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    const created = onCreated.mock.calls[0]?.[0] as { id: string };
    expect(env.sandbox.inspectLoan(created.id)).toBeDefined();
    expect(env.sent(SUBMIT)).toHaveLength(1);
    expect(env.bodies).toEqual([
      {
        loanNumber: 'LN-9',
        loanAmount: 350_000.5,
        borrowers: [
          {
            isPrimary: true,
            firstName: 'Avery',
            lastName: 'Jordan',
            email: 'avery@example.com',
            phone: '(512) 555-0134',
            currentAddress: {
              street: '100 Congress Ave',
              city: 'Austin',
              state: 'TX',
              zip: '78701',
            },
          },
        ],
        property: {
          address: { street: '1 Elm St', city: 'Santa Fe', state: 'NM', zip: '87501-1234' },
        },
      },
    ]);
    await whenState(root, 'created');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your application was submitted.');
    expect(screen.getByRole('status')).toHaveFocus();
    await expectNoAxeViolations();
    // Typing into every field takes a while in jsdom on a busy two-core machine.
  }, 20_000);

  it("starts with the host's values and sends them as they are", async () => {
    const env = setup();
    const { root, user, onCreated } = renderForm(env, { defaultValues: VALID });
    expect(group('About you').getByRole('textbox', { name: 'Email' })).toHaveValue(VALID.email);
    expect(
      group('The home to insure').getByRole('combobox', { name: 'State or territory' }),
    ).toHaveDisplayValue('Texas');
    expect(group('Your loan').getByRole('combobox', { name: /Loan purpose/ })).toHaveDisplayValue(
      'Purchase',
    );
    await user.click(submitButton());
    await whenState(root, 'created');
    expect(onCreated).toHaveBeenCalledTimes(1);
    expect(env.bodies).toEqual([SENT]);
  });

  it('shows locked fields read-only, marked as from the lender, and sends them', async () => {
    const env = setup();
    const { root, user } = renderForm(env, {
      defaultValues: { ...VALID, propertyState: 'tx' },
      lockedFields: ['loanNumber', 'loanAmount', 'closingDate', 'propertyState'],
    });
    expect(
      screen.getByText(/Details marked “From your lender” come from your lender/),
    ).toBeInTheDocument();
    const loan = group('Your loan');
    const number = loan.getByRole('textbox', { name: 'Loan number' });
    expect(number).toHaveAttribute('readonly');
    expect(number).toHaveValue('LN-100200');
    expect(number).toHaveAccessibleDescription('From your lender');
    expect(loan.getByRole('textbox', { name: /Loan amount/ })).toHaveValue('$420,000');
    expect(loan.getByRole('textbox', { name: 'Closing date' })).toHaveValue('Jan 15, 2027');
    // A locked state is text, not a select the borrower could change.
    const property = group('The home to insure');
    expect(property.queryByRole('combobox', { name: 'State or territory' })).toBeNull();
    expect(property.getByRole('textbox', { name: 'State or territory' })).toHaveValue('Texas');
    // Unlocked fields stay editable.
    expect(loan.getByRole('combobox', { name: /Loan purpose/ })).toBeEnabled();
    await expectNoAxeViolations();

    await user.type(number, '-EDIT');
    expect(number).toHaveValue('LN-100200');
    await user.click(submitButton());
    await whenState(root, 'created');
    expect(env.bodies).toEqual([SENT]);
  });

  it('stops an invalid application in the page: errors under the fields, focus on the first, nothing sent', async () => {
    const env = setup();
    const { root, user, onInvalid, onError } = renderForm(env, {
      defaultValues: {
        ...VALID,
        email: 'avery@example',
        phone: '555-0134',
        zip: '7870',
        propertyState: 'ZZ',
      },
    });
    await user.click(submitButton());

    const you = group('About you');
    const email = you.getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email).toHaveFocus());
    expect(root).toHaveAttribute('data-state', 'errored');
    expect(email).toBeInvalid();
    expect(email).toHaveAccessibleDescription('Enter an email address like name@example.com.');
    expect(you.getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription(
      'Enter a 10-digit US phone number, like 512-555-0134.',
    );
    expect(
      group('Your current address').getByRole('textbox', { name: 'ZIP code' }),
    ).toHaveAccessibleDescription(
      'Enter a 5-digit ZIP code, like 78701 (or ZIP+4, like 78701-1234).',
    );
    const state = group('The home to insure').getByRole('combobox', {
      name: 'State or territory',
    });
    expect(state).toBeInvalid();
    expect(state).toHaveAccessibleDescription('Choose a US state or territory.');
    // The valid ones are left alone.
    expect(you.getByRole('textbox', { name: 'First name' })).toBeValid();
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    expect(env.requests).toEqual([]);
    expect(onInvalid).toHaveBeenCalledWith(['email', 'phone', 'zip', 'propertyState']);
    expect(onError).not.toHaveBeenCalled();
    await expectNoAxeViolations();
  });

  it('requires the required fields, and only those', async () => {
    const env = setup();
    const { user } = renderForm(env);
    await user.click(submitButton());
    const first = group('About you').getByRole('textbox', { name: 'First name' });
    await waitFor(() => expect(first).toHaveFocus());
    expect(first).toHaveAccessibleDescription('This field is required.');
    const home = group('Your current address');
    expect(home.getByRole('combobox', { name: 'State or territory' })).toBeInvalid();
    expect(home.getByRole('textbox', { name: 'Apartment, suite or unit (optional)' })).toBeValid();
    expect(group('Your loan').getByRole('textbox', { name: /Loan amount/ })).toBeValid();
    expect(env.requests).toEqual([]);
  });

  it("clears a field's error once it is fixed, and sends once all are", async () => {
    const env = setup();
    const { root, user, onCreated } = renderForm(env, {
      defaultValues: { ...VALID, zip: '7870' },
    });
    await user.click(submitButton());
    const zip = group('Your current address').getByRole('textbox', { name: 'ZIP code' });
    await waitFor(() => expect(zip).toHaveFocus());
    await user.type(zip, '1');
    expect(zip).toBeValid();
    expect(zip).not.toHaveAccessibleDescription();
    expect(root).toHaveAttribute('data-state', 'editing');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(submitButton());
    await whenState(root, 'created');
    expect(onCreated).toHaveBeenCalledTimes(1);
    expect(env.sent(SUBMIT)).toHaveLength(1);
  });

  describe('when the service refuses a field', () => {
    const refusePhone = () =>
      mswServer.use(
        http.post('*/api/insurance/loans', () =>
          HttpResponse.json(
            {
              error: {
                code: 'validation_error',
                message: 'The application is not valid',
                issues: [
                  { path: 'borrowers.0.phone', message: 'This number cannot receive calls' },
                ],
              },
            },
            { status: 400 },
          ),
        ),
      );

    it('shows its reason under that field, focuses it, and keeps what was typed', async () => {
      const env = setup();
      refusePhone();
      const { root, user, onError, onCreated } = renderForm(env, { defaultValues: VALID });
      await user.click(submitButton());
      const phone = group('About you').getByRole('textbox', { name: 'Phone' });
      await waitFor(() => expect(phone).toHaveFocus());
      expect(root).toHaveAttribute('data-state', 'errored');
      expect(phone).toBeInvalid();
      expect(phone).toHaveAccessibleDescription('This number cannot receive calls');
      expect(screen.getByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
      expect(phone).toHaveValue(VALID.phone);
      expect(group('About you').getByRole('textbox', { name: 'First name' })).toHaveValue('Avery');
      expect(onError).toHaveBeenCalledWith(expect.any(ValidationError));
      expect(onCreated).not.toHaveBeenCalled();
      await expectNoAxeViolations();

      // Changed, the field is no longer marked: the refusal was about the old number.
      await user.clear(phone);
      await user.type(phone, '512-555-0199');
      expect(phone).toBeValid();
      expect(root).toHaveAttribute('data-state', 'editing');
    });

    it("says it in the borrower's language when the page is not in English", async () => {
      const env = setup();
      refusePhone();
      const { user } = renderForm(env, { defaultValues: VALID }, { locale: 'es-US' });
      // Nothing shows until the Spanish texts have loaded: never English for a moment.
      expect(screen.queryByRole('button', { name: 'Submit application' })).not.toBeInTheDocument();
      await user.click(await screen.findByRole('button', { name: 'Enviar solicitud' }));
      const phone = group('Sus datos').getByRole('textbox', { name: 'Teléfono' });
      await waitFor(() => expect(phone).toHaveFocus());
      expect(phone).toHaveAccessibleDescription('Este dato no fue aceptado. Revíselo, por favor.');
    });

    it('shows a refusal of no field above the button', async () => {
      const env = setup();
      mswServer.use(
        http.post('*/api/insurance/loans', () =>
          HttpResponse.json(
            {
              error: {
                code: 'validation_error',
                message: 'Too many applications for this borrower',
                issues: [{ path: '', message: 'Too many applications for this borrower' }],
              },
            },
            { status: 422 },
          ),
        ),
      );
      const { root, user } = renderForm(env, { defaultValues: VALID });
      await user.click(submitButton());
      await whenState(root, 'errored');
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Your application was not accepted. Please check your details, or contact your lender.',
      );
      const marked = screen.getByRole('form').querySelectorAll('[aria-invalid="true"]');
      expect(marked).toHaveLength(0);
    });
  });

  it('says so above the button when the service fails, keeps the values, and sends again', async () => {
    const env = setup();
    mswServer.use(failing('submitLoanApplication', { status: 502 }));
    const { root, user, onError, onCreated } = renderForm(env, { defaultValues: VALID });
    await user.click(submitButton());
    await whenState(root, 'errored');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'We could not submit your application. Please try again.',
    );
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'service_error' }));
    expect(group('About you').getByRole('textbox', { name: 'Last name' })).toHaveValue('Jordan');
    // Focus stays on the button, which stays in the page.
    expect(submitButton()).toHaveFocus();
    await expectNoAxeViolations();

    env.reinstall();
    await user.click(submitButton());
    await whenState(root, 'created');
    expect(onCreated).toHaveBeenCalledTimes(1);
    // The same application, sent twice, under one key: at most one loan.
    const sent = env.sent(SUBMIT);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.idempotencyKey).toBe(sent[0]?.idempotencyKey);
  });

  it('says when the server cannot be reached', async () => {
    const env = setup();
    mswServer.use(http.post('*/api/insurance/loans', () => HttpResponse.error()));
    const { root, user } = renderForm(env, { defaultValues: VALID });
    await user.click(submitButton());
    await whenState(root, 'errored');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'We could not reach the server. Check your connection and try again.',
    );
  });

  it('waits out a rate limit before it sends again', async () => {
    const env = setup();
    mswServer.use(rateLimited('submitLoanApplication', { retryAfterSeconds: 120 }));
    const { root, user } = renderForm(env, { defaultValues: VALID });
    await user.click(submitButton());
    await whenState(root, 'errored');
    expect(screen.getByRole('alert')).toHaveTextContent(
      /^Too many requests right now\. You can try again after \d{1,2}:\d{2}\s?[AP]M\.$/,
    );
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
    await user.click(submitButton());
    expect(env.sent(SUBMIT)).toHaveLength(1);
  });

  it('shows the application on its way, and holds what is being sent', async () => {
    const env = setup();
    mswServer.use(pending('submitLoanApplication'));
    const { root, user } = renderForm(env, { defaultValues: VALID });
    await user.click(submitButton());
    await whenState(root, 'submitting');
    const button = screen.getByRole('button', { name: 'Submitting…' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveFocus();
    const city = group('Your current address').getByRole('textbox', { name: 'City' });
    await user.type(city, 'X');
    expect(city).toHaveValue('Austin');
    await user.click(button);
    expect(env.sent(SUBMIT)).toHaveLength(1);
    await expectNoAxeViolations();
  });

  it('speaks Spanish under an es-US provider: labels, options and errors', async () => {
    const env = setup();
    const { user } = renderForm(
      env,
      { defaultValues: { ...VALID, zip: '7870' }, lockedFields: ['loanNumber'] },
      { locale: 'es-US' },
    );
    expect(screen.getByRole('form', { name: 'Solicitud de préstamo' })).toBeInTheDocument();
    const you = group('Sus datos');
    expect(you.getByRole('textbox', { name: 'Nombre' })).toHaveValue('Avery');
    expect(you.getByRole('textbox', { name: 'Correo electrónico' })).toBeInTheDocument();
    const property = group('La vivienda que desea asegurar');
    expect(
      within(property.getByRole('combobox', { name: 'Estado o territorio' })).getByRole('option', {
        name: 'Nuevo México',
      }),
    ).toBeInTheDocument();
    expect(
      property.getByRole('textbox', { name: 'Apartamento, suite o unidad (opcional)' }),
    ).toHaveValue('Unit 4');
    expect(
      group('Su préstamo').getByRole('textbox', { name: 'Número de préstamo' }),
    ).toHaveAccessibleDescription('Proporcionado por su prestamista');
    expect(group('Su préstamo').getByRole('textbox', { name: /Monto del préstamo/ })).toHaveValue(
      '420000',
    );
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    const zip = group('Su dirección actual').getByRole('textbox', { name: 'Código postal' });
    await waitFor(() => expect(zip).toHaveFocus());
    expect(zip).toHaveAccessibleDescription(
      'Escriba un código postal de 5 dígitos, como 78701 (o ZIP+4, como 78701-1234).',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Corrija los campos señalados, por favor.');
    expect(env.requests).toEqual([]);
    await expectNoAxeViolations();
  });

  it('lists the states in the order of their names in the locale', () => {
    const env = setup();
    renderForm(env, {}, { locale: 'es-US' });
    const options = within(
      group('Su dirección actual').getByRole('combobox', { name: 'Estado o territorio' }),
    )
      .getAllByRole('option')
      .map((o) => o.textContent);
    // "Carolina del Norte" is North Carolina: among the C's in Spanish.
    expect(options.slice(0, 8)).toEqual([
      'Seleccione…',
      'Alabama',
      'Alaska',
      'Arizona',
      'Arkansas',
      'California',
      'Carolina del Norte',
      'Carolina del Sur',
    ]);
  });

  it('offers every state, territory, purpose and type the service accepts', () => {
    const env = setup();
    renderForm(env);
    const values = (name: string | RegExp, within_ = group('The home to insure')) =>
      within(within_.getByRole('combobox', { name }))
        .getAllByRole<HTMLOptionElement>('option')
        .map((o) => o.value)
        .filter(Boolean);
    expect(values('State or territory').sort()).toEqual([...US_STATE_CODES].sort());
    expect(values(/Loan purpose/, group('Your loan'))).toEqual([...LOAN_PURPOSES]);
    expect(values(/Loan type/, group('Your loan'))).toEqual([...LOAN_TYPES]);
    const state = group('The home to insure').getByRole('combobox', {
      name: 'State or territory',
    });
    expect(within(state).getByRole('option', { name: 'Texas' })).toHaveValue('TX');
    expect(within(state).getByRole('option', { name: 'Puerto Rico' })).toHaveValue('PR');
    expect(within(state).getByRole('option', { name: 'District of Columbia' })).toHaveValue('DC');
  });

  it('cannot be submitted from server-rendered markup until React has hydrated it', async () => {
    const env = setup();
    const onCreated = vi.fn();
    const page = (
      <InsuranceProvider adapter={env.adapter}>
        <LoanApplicationForm defaultValues={VALID} onCreated={onCreated} />
      </InsuranceProvider>
    );
    const markup = serverRendered(page);
    // Submitted now, the browser would send the form to the page's own URL and reload it.
    expect(submitButton()).toBeDisabled();
    markup.hydrate();
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await userEvent.setup().click(submitButton());
    await waitFor(() => expect(onCreated).toHaveBeenCalledOnce());
    expect(env.bodies).toEqual([SENT]);
  });

  it("takes its texts from the provider's messages, and the button's from submitLabel", () => {
    const env = setup();
    renderForm(
      env,
      { submitLabel: 'Continue' },
      { messages: { 'loanApplicationForm.firstName': 'Given name' } },
    );
    expect(group('About you').getByRole('textbox', { name: 'Given name' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it("adds the host's className to its own", () => {
    const env = setup();
    const { root } = renderForm(env, { className: 'portal-form' });
    expect(root).toHaveClass('lir-root', 'lir-LoanApplicationForm', 'portal-form');
  });

  it('refuses an unknown locked field with a typed error', () => {
    const env = setup();
    const error = missingProviderThrownBy(() =>
      renderForm(env, { lockedFields: ['ssn' as 'email'] }),
    ) as unknown;
    expect(error).toBeInstanceOf(InsuranceError);
    expect(error).toMatchObject({ code: 'configuration_error' });
    expect((error as Error).message).toMatch(/lockedFields names "ssn"/);
  });

  it('outside an InsuranceProvider, names itself', () => {
    const error = missingProviderThrownBy(() =>
      render(<LoanApplicationForm onCreated={() => {}} />),
    );
    expect(error).toBeInstanceOf(MissingProviderError);
    expect(error).toMatchObject({ caller: 'LoanApplicationForm' });
  });

  it("never writes the borrower's details to the console", async () => {
    const env = setup();
    const calls: unknown[][] = [];
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const)
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        calls.push(args);
      });
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    mswServer.use(failing('submitLoanApplication', { status: 502 }));
    const { root, user } = renderForm(env, { defaultValues: { ...VALID, zip: 'bad' } });
    await user.click(submitButton());
    await whenState(root, 'errored');
    const zip = group('Your current address').getByRole('textbox', { name: 'ZIP code' });
    await user.clear(zip);
    await user.type(zip, '78701');
    await user.click(submitButton());
    await waitFor(() => expect(env.sent(SUBMIT)).toHaveLength(1));
    await whenState(root, 'errored');
    env.reinstall();
    await user.click(submitButton());
    await whenState(root, 'created');
    // As the console would print them, objects in full.
    const printed = calls.map((args) => format(...args)).join('\n');
    for (const secret of ['Avery', 'Jordan', 'avery.jordan', '555-0134', 'Congress'])
      expect(printed).not.toContain(secret);
  });
});

describe('toLoanApplicationInput', () => {
  it('leaves out empty optional fields and reads the amount as dollars', () => {
    const input = toLoanApplicationInput({
      ...VALID,
      propertyStreet2: '  ',
      loanAmount: '$1,250,000.5',
      closingDate: '',
      loanPurpose: '',
      loanType: '',
      firstName: '  Avery ',
    });
    expect(input).toEqual({
      ...SENT,
      loanAmount: 1_250_000.5,
      closingDate: undefined,
      loanPurpose: undefined,
      loanType: undefined,
      borrowers: [{ ...SENT.borrowers[0] }],
      property: { address: { ...SENT.property.address, street2: undefined } },
    });
    expect(Object.keys(input)).not.toContain('closingDate');
    expect(Object.keys(input.property.address)).not.toContain('street2');
  });
});
