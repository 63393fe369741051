/** The demo lender, named in the consent disclosures. */
export const LENDER_NAME = 'Acme Home Loans';
/** Versions of the terms the borrower agrees to (recorded with each consent). */
export const TERMS_ID = 'acme-insurance-terms-2026-01';
export const TCPA_TERMS_ID = 'acme-tcpa-2026-01';
/** Where the portal keeps the application it created, so a reload resumes it (its id only). */
export const LOAN_KEY = 'acme:insurance-loan';
