/** Values of `loanType`. */
export const LOAN_TYPES = ['MORTGAGE', 'HELOC', 'HELOAN', 'UNKNOWN_LOAN_TYPE'] as const;
/** A loan type. */
export type LoanType = (typeof LOAN_TYPES)[number];
