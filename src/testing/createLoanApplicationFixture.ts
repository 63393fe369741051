import type { LoanApplicationInput } from '../core/schemas/loanApplicationInput.js';

type PrimaryBorrowerInput = Extract<LoanApplicationInput['borrowers'][number], { isPrimary: true }>;

/** What {@link createLoanApplicationFixture} lets you change. */
export interface LoanApplicationFixtureOverrides
  extends Partial<Omit<LoanApplicationInput, 'borrowers'>> {
  /** Fields of the primary borrower, e.g. `{ firstName: 'Bind_policy', lastName: 'Flood' }`. */
  primaryBorrower?: Partial<PrimaryBorrowerInput>;
  /** Borrowers after the primary one (co-borrowers). */
  coBorrowers?: LoanApplicationInput['borrowers'];
  /** For requests straight to the sandbox: browsers never send it (the BFF assigns it). */
  externalId?: string;
}

/**
 * A valid loan application for tests and demos, with one primary borrower in Austin, TX.
 * Pass sandbox trigger names through `primaryBorrower` to drive the sandbox's test behaviours.
 *
 * @example
 * const input = createLoanApplicationFixture({ primaryBorrower: { firstName: 'Bind_policy' } });
 */
export function createLoanApplicationFixture(
  overrides: LoanApplicationFixtureOverrides = {},
): LoanApplicationInput & { externalId?: string } {
  const { primaryBorrower, coBorrowers = [], ...rest } = overrides;
  const address = {
    street: '100 Congress Ave',
    city: 'Austin',
    state: 'TX' as const,
    zip: '78701',
  };
  return {
    loanNumber: 'LN-100200',
    property: { address },
    loanAmount: 420_000,
    loanPurpose: 'PURCHASE',
    loanType: 'MORTGAGE',
    closingDate: '2027-01-15',
    ...rest,
    borrowers: [
      {
        firstName: 'Avery',
        lastName: 'Jordan',
        isPrimary: true,
        email: 'avery.jordan@example.com',
        phone: '512-555-0134',
        currentAddress: address,
        ...primaryBorrower,
      },
      ...coBorrowers,
    ],
  };
}
