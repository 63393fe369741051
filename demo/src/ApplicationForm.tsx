import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import type { Loan, LoanApplicationInput } from '../../src/index.js';
import { US_STATE_CODES, useCreateLoanApplication } from '../../src/index.js';

/** The form's values, flat. */
export interface ApplicationValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  propertyStreet: string;
  propertyCity: string;
  propertyState: string;
  propertyZip: string;
  loanNumber: string;
  loanAmount: string;
}

/** A prefilled sandbox scenario: a button that changes some values. */
export interface Scenario {
  label: string;
  description: string;
  values: Partial<ApplicationValues>;
}

/** A fresh loan number per form: the same application twice would be one loan (idempotency). */
const newLoanNumber = () => `LN-${Math.floor(100_000 + Math.random() * 900_000)}`;

function defaults(): ApplicationValues {
  return {
    firstName: 'Avery',
    lastName: 'Jordan',
    email: 'avery.jordan@example.com',
    phone: '512-555-0134',
    street: '100 Congress Ave',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    propertyStreet: '2400 Lake Austin Blvd',
    propertyCity: 'Austin',
    propertyState: 'TX',
    propertyZip: '78703',
    loanNumber: newLoanNumber(),
    loanAmount: '420000',
  };
}

function toInput(values: ApplicationValues): LoanApplicationInput {
  const amount = values.loanAmount.trim() === '' ? undefined : Number(values.loanAmount);
  return {
    loanNumber: values.loanNumber.trim(),
    loanAmount: amount,
    loanPurpose: 'PURCHASE',
    loanType: 'MORTGAGE',
    borrowers: [
      {
        isPrimary: true,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
        currentAddress: {
          street: values.street.trim(),
          city: values.city.trim(),
          state: values.state as LoanApplicationInput['property']['address']['state'],
          zip: values.zip.trim(),
        },
      },
    ],
    property: {
      address: {
        street: values.propertyStreet.trim(),
        city: values.propertyCity.trim(),
        state: values.propertyState as LoanApplicationInput['property']['address']['state'],
        zip: values.propertyZip.trim(),
      },
    },
  };
}

/** Where the schema reports each field's problems (dotted paths). */
const PATHS: Record<keyof ApplicationValues, string> = {
  firstName: 'borrowers.0.firstName',
  lastName: 'borrowers.0.lastName',
  email: 'borrowers.0.email',
  phone: 'borrowers.0.phone',
  street: 'borrowers.0.currentAddress.street',
  city: 'borrowers.0.currentAddress.city',
  state: 'borrowers.0.currentAddress.state',
  zip: 'borrowers.0.currentAddress.zip',
  propertyStreet: 'property.address.street',
  propertyCity: 'property.address.city',
  propertyState: 'property.address.state',
  propertyZip: 'property.address.zip',
  loanNumber: 'loanNumber',
  loanAmount: 'loanAmount',
};

interface FieldProps {
  name: keyof ApplicationValues;
  label: string;
  values: ApplicationValues;
  errors: Readonly<Record<string, string>>;
  onChange: (name: keyof ApplicationValues, value: string) => void;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
}

function Field({
  name,
  label,
  values,
  errors,
  onChange,
  type,
  autoComplete,
  inputMode,
}: FieldProps) {
  const id = useId();
  const error = errors[PATHS[name]];
  const errorId = `${id}-error`;
  const common = {
    id,
    name,
    value: values[name],
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  } as const;
  return (
    <div className="demo-field" data-invalid={error ? true : undefined}>
      <label htmlFor={id}>{label}</label>
      {name === 'state' || name === 'propertyState' ? (
        <select {...common} onChange={(e) => onChange(name, e.target.value)}>
          {US_STATE_CODES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={type ?? 'text'}
          autoComplete={autoComplete}
          inputMode={inputMode}
          onChange={(e) => onChange(name, e.target.value)}
        />
      )}
      {error && (
        <p id={errorId} className="demo-field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The loan application: a primary borrower, the property and the loan. */
export function ApplicationForm({
  scenarios = [],
  onCreated,
}: {
  scenarios?: Scenario[] | undefined;
  onCreated: (loan: Loan) => void;
}) {
  const [values, setValues] = useState(defaults);
  const { create, isPending, error, fieldErrors } = useCreateLoanApplication();
  const onChange = (name: keyof ApplicationValues, value: string) =>
    setValues((v) => ({ ...v, [name]: value }));
  const field = { values, errors: fieldErrors, onChange };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const loan = await create(toInput(values));
    if (loan) onCreated(loan);
  }

  const invalid = Object.keys(fieldErrors).length > 0;
  return (
    <form className="demo-form" onSubmit={submit} noValidate aria-label="Loan application">
      {scenarios.length > 0 && (
        <fieldset className="demo-scenarios">
          <legend>Sandbox scenarios</legend>
          <p className="demo-hint">Prefill the borrower's name to trigger a sandbox behaviour.</p>
          <div className="demo-buttons">
            {scenarios.map((scenario) => (
              <button
                key={scenario.label}
                type="button"
                className="demo-button demo-button-secondary"
                title={scenario.description}
                onClick={() => setValues((v) => ({ ...v, ...scenario.values }))}
              >
                {scenario.label}
              </button>
            ))}
          </div>
        </fieldset>
      )}
      <fieldset>
        <legend>Primary borrower</legend>
        <div className="demo-grid">
          <Field name="firstName" label="First name" autoComplete="given-name" {...field} />
          <Field name="lastName" label="Last name" autoComplete="family-name" {...field} />
          <Field name="email" label="Email" type="email" autoComplete="email" {...field} />
          <Field name="phone" label="Phone" type="tel" autoComplete="tel" {...field} />
          <Field name="street" label="Street" autoComplete="address-line1" {...field} />
          <Field name="city" label="City" autoComplete="address-level2" {...field} />
          <Field name="state" label="State" {...field} />
          <Field name="zip" label="ZIP code" inputMode="numeric" {...field} />
        </div>
      </fieldset>
      <fieldset>
        <legend>Property</legend>
        <div className="demo-grid">
          <Field name="propertyStreet" label="Street" {...field} />
          <Field name="propertyCity" label="City" {...field} />
          <Field name="propertyState" label="State" {...field} />
          <Field name="propertyZip" label="ZIP code" inputMode="numeric" {...field} />
        </div>
      </fieldset>
      <fieldset>
        <legend>Loan</legend>
        <div className="demo-grid">
          <Field name="loanNumber" label="Loan number" {...field} />
          <Field name="loanAmount" label="Loan amount (USD)" inputMode="numeric" {...field} />
        </div>
      </fieldset>
      {error && (
        <p className="demo-error" role="alert">
          {invalid ? 'Please correct the highlighted fields.' : error.message}
        </p>
      )}
      <button type="submit" className="demo-button" disabled={isPending} aria-busy={isPending}>
        {isPending ? 'Submitting…' : 'Submit application'}
      </button>
    </form>
  );
}
