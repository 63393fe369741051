/** Values of `loanPurpose` (two of them contain a space). */
export const LOAN_PURPOSES = [
  'PURCHASE',
  'REFINANCE',
  'CONSTRUCTION',
  'CONSTRUCTION PERM',
  'MORTGAGE MODIFICATION',
  'LAND_LOT',
  'OTHER',
] as const;
/** A loan purpose. */
export type LoanPurpose = (typeof LOAN_PURPOSES)[number];
