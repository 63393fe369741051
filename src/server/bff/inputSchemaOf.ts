import type { GenericSchema } from 'valibot';
import type { BffOperationName } from '../../core/operations.js';
import { CallMeNowInputSchema } from '../../core/schemas/callMeNowInput.js';
import { CloseLoanInputSchema } from '../../core/schemas/closeLoanInput.js';
import { ConsentInputSchema } from '../../core/schemas/consentInput.js';
import { CurrentInsuranceInputSchema } from '../../core/schemas/currentInsuranceInput.js';
import { LoanApplicationRequestSchema } from '../../core/schemas/loanApplicationInput.js';
import { LoanContactsInputSchema } from '../../core/schemas/loanContact.js';
import { ScheduleCallInputSchema } from '../../core/schemas/scheduleCallInput.js';

// The schemas the operation table loads lazily, at hand synchronously when an error is answered.
const schemas: Readonly<Partial<Record<BffOperationName, GenericSchema>>> = {
  submitLoanApplication: LoanApplicationRequestSchema,
  recordConsent: ConsentInputSchema,
  recordTcpaConsent: ConsentInputSchema,
  recordGeneralConsent: ConsentInputSchema,
  scheduleCall: ScheduleCallInputSchema,
  callMeNow: CallMeNowInputSchema,
  closeLoan: CloseLoanInputSchema,
  updateLoanContacts: LoanContactsInputSchema,
  updateCurrentInsurance: CurrentInsuranceInputSchema,
};

/**
 * The input schema of a BFF operation that takes a body, as the operation table has it (a test
 * keeps the two equal): which fields an issue may name, which messages the library wrote.
 */
export function inputSchemaOf(operation: string | undefined): GenericSchema | undefined {
  return operation !== undefined && Object.hasOwn(schemas, operation)
    ? schemas[operation as BffOperationName]
    : undefined;
}
