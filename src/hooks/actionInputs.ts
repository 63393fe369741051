// What the actions check before sending, loaded at the first action rather than with the page:
// every action's input schema and valibot, as one chunk of a host's bundle (one request, one
// gzip stream, rather than a file per schema).

export { CallMeNowInputSchema } from '../core/schemas/callMeNowInput.js';
export { CloseLoanInputSchema } from '../core/schemas/closeLoanInput.js';
export { ConsentInputSchema } from '../core/schemas/consentInput.js';
export { LoanApplicationInputSchema } from '../core/schemas/loanApplicationInput.js';
export { ScheduleCallInputSchema } from '../core/schemas/scheduleCallInput.js';
export { validateInput } from '../core/validateInput.js';
