import { InsuranceError } from './InsuranceError.js';

/** Which consent is missing: TCPA (before calls) or the borrower's consent (before shopping). */
export type ConsentKind = 'tcpa' | 'consent';

/** The operation needs a consent that has not been recorded for the loan application. */
export class ConsentRequiredError extends InsuranceError {
  readonly consent: ConsentKind;

  constructor(consent: ConsentKind, message?: string, status = 409) {
    super(
      'consent_required',
      message ??
        (consent === 'tcpa'
          ? 'TCPA consent must be recorded before a call can be scheduled or requested'
          : 'Consent must be recorded before the loan application is shopped'),
      { status },
    );
    this.consent = consent;
  }
}
