import type { LoanApplicationFormValues } from 'lender-insurance-react';

/** The lender, named in the consent disclosures. */
export const LENDER_NAME = 'Acme Home Loans';
/** Versions of the terms the borrower agrees to, recorded with each consent. */
export const TERMS_ID = 'acme-insurance-terms-2026-01';
export const TCPA_TERMS_ID = 'acme-tcpa-2026-01';

/**
 * What the lender already knows of the signed-in borrower and their loan: the application form
 * starts filled in with it (the borrower never retypes what the lender knows), the loan number
 * locked. A real portal reads it from the loan on file. Made on the server (app/page.tsx), so
 * the page the server renders and the one the browser hydrates are the same.
 */
export function borrowerOnFile(): Partial<LoanApplicationFormValues> {
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
    // A new loan number per application: the same application twice would be one loan.
    loanNumber: `LN-${Math.floor(100_000 + Math.random() * 900_000)}`,
    loanAmount: '420000',
    loanPurpose: 'PURCHASE',
    loanType: 'MORTGAGE',
  };
}
