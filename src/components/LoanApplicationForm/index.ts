export { LoanApplicationForm } from './LoanApplicationForm.js';
export type { LoanApplicationFormProps } from './LoanApplicationFormProps.js';
export type {
  LoanApplicationField,
  LoanApplicationFormValues,
} from './LoanApplicationFormValues.js';
export { loanApplicationFormMessages } from './loanApplicationFormMessages.js';
export { loanApplicationFormMessagesEs } from './loanApplicationFormMessagesEs.js';
export { toLoanApplicationInput } from './toLoanApplicationInput.js';
