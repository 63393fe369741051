/** Every loan application status the service defines, in lifecycle order. */
export const LOAN_STATUSES = [
  'NOT_YET_RATED',
  'RC1_RATING',
  'RC1_RATED',
  'RC2_RATING',
  'RC2_RATED',
  'RC1_ERRORED',
  'CLOSED_WON',
  'CLOSED_LOST',
] as const;

/** A known loan application status. */
export type LoanStatus = (typeof LOAN_STATUSES)[number];

/**
 * A status as read from the service: one of {@link LOAN_STATUSES}, or a value added by a later
 * version of the service, which the helpers below treat as "none of these".
 */
export type LoanStatusValue = LoanStatus | (string & {});

/** Quoting has started and has not finished yet (`RC1_RATING`, `RC2_RATING`). */
export function isQuoting(status: LoanStatusValue | null | undefined): boolean {
  return status === 'RC1_RATING' || status === 'RC2_RATING';
}

/** Quotes are ready (`RC1_RATED`, `RC2_RATED`). */
export function isRated(status: LoanStatusValue | null | undefined): boolean {
  return status === 'RC1_RATED' || status === 'RC2_RATED';
}

/** Quoting finished with an error (`RC1_ERRORED`). */
export function isErrored(status: LoanStatusValue | null | undefined): boolean {
  return status === 'RC1_ERRORED';
}

/** The application is closed (`CLOSED_WON`, `CLOSED_LOST`) and is not shopped again. */
export function isClosed(status: LoanStatusValue | null | undefined): boolean {
  return status === 'CLOSED_WON' || status === 'CLOSED_LOST';
}

/** Whether a shop request is accepted in this status (not while quoting, not once closed). */
export function canShop(status: LoanStatusValue | null | undefined): boolean {
  return (
    status === 'NOT_YET_RATED' ||
    status === 'RC1_RATED' ||
    status === 'RC2_RATED' ||
    status === 'RC1_ERRORED'
  );
}
