import type { LoanApplicationInput } from 'lender-insurance-react';

/** The lender, named in the consent disclosures. */
export const LENDER_NAME = 'Acme Home Loans';
/** Versions of the terms the borrower agrees to, recorded with each consent. */
export const TERMS_ID = 'acme-insurance-terms-2026-01';
export const TCPA_TERMS_ID = 'acme-tcpa-2026-01';

/**
 * The application this example submits. A real portal fills it from the loan it already has on
 * file (or asks the borrower): the borrower never types what the lender knows.
 */
export function sampleApplication(): LoanApplicationInput {
  const address = {
    street: '100 Congress Ave',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
  } as const;
  return {
    // A new loan number per application: the same application twice would be one loan.
    loanNumber: `LN-${Math.floor(100_000 + Math.random() * 900_000)}`,
    loanAmount: 420_000,
    loanPurpose: 'PURCHASE',
    loanType: 'MORTGAGE',
    property: {
      address: { street: '2400 Lake Austin Blvd', city: 'Austin', state: 'TX', zip: '78703' },
    },
    borrowers: [
      {
        isPrimary: true,
        firstName: 'Avery',
        lastName: 'Jordan',
        email: 'avery.jordan@example.com',
        phone: '512-555-0134',
        currentAddress: address,
      },
    ],
  };
}
