import type { LoanApplicationFormValues } from '../../src/index.js';

/**
 * What the portal already knows about its signed-in borrower, prefilled in the application (the
 * stories show the same borrower).
 */
export const BORROWER_ON_FILE: Readonly<Partial<LoanApplicationFormValues>> = {
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
  loanNumber: 'LN-100200',
  loanAmount: '420000',
  loanPurpose: 'PURCHASE',
  loanType: 'MORTGAGE',
};

/** The borrower on file with a fresh loan number: the same application twice would be one loan. */
export function signedInBorrower(): Partial<LoanApplicationFormValues> {
  return { ...BORROWER_ON_FILE, loanNumber: `LN-${Math.floor(100_000 + Math.random() * 900_000)}` };
}
