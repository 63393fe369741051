export type { TcpaConsentCheckboxProps } from './TcpaConsentCheckbox.js';
export { TcpaConsentCheckbox } from './TcpaConsentCheckbox.js';
export { tcpaConsentCheckboxMessages } from './tcpaConsentCheckboxMessages.js';
export { tcpaConsentCheckboxMessagesEs } from './tcpaConsentCheckboxMessagesEs.js';
