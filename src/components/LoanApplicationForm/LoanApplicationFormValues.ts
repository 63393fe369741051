/**
 * What `LoanApplicationForm` holds: one primary borrower, their current address, the home to
 * insure and the loan, each as the text of its field. A host prefills any of them
 * (`defaultValues`) and may lock them (`lockedFields`); an empty optional field is left out of
 * the application.
 *
 * @example
 * const prefill: Partial<LoanApplicationFormValues> = {
 *   firstName: 'Avery',
 *   lastName: 'Jordan',
 *   propertyState: 'TX',
 *   loanNumber: 'LN-100200',
 *   loanAmount: '420000',
 *   closingDate: '2027-01-15',
 * };
 */
export interface LoanApplicationFormValues {
  firstName: string;
  lastName: string;
  email: string;
  /** A US number: 10 digits, `+1` and the usual punctuation allowed. */
  phone: string;
  /** The borrower's current address. */
  street: string;
  /** Apartment, suite or unit (optional). */
  street2: string;
  city: string;
  /** Two-letter code of a US state, DC or an inhabited territory (`TX`, `DC`, `PR`). */
  state: string;
  /** `12345` or `12345-6789`. */
  zip: string;
  /** The address of the home to insure. */
  propertyStreet: string;
  /** Apartment, suite or unit (optional). */
  propertyStreet2: string;
  propertyCity: string;
  /** Two-letter code, as `state`. */
  propertyState: string;
  /** As `zip`. */
  propertyZip: string;
  /** The lender's number for the loan. */
  loanNumber: string;
  /** In US dollars, e.g. `420000` (`$420,000.00` is read too). Optional. */
  loanAmount: string;
  /** `YYYY-MM-DD`. Optional. */
  closingDate: string;
  /** One of `LOAN_PURPOSES` (e.g. `PURCHASE`), or `''`. Optional. */
  loanPurpose: string;
  /** One of `LOAN_TYPES` (e.g. `MORTGAGE`), or `''`. Optional. */
  loanType: string;
}

/** The name of a field of `LoanApplicationForm` (a key of {@link LoanApplicationFormValues}). */
export type LoanApplicationField = keyof LoanApplicationFormValues;
