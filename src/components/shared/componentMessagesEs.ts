/**
 * The Spanish texts of the six components, one module so that a host's bundler makes one chunk
 * of them: a Spanish page loads every component's texts at once anyway (see `translations`),
 * and one chunk compresses to about 0.7× of six.
 */
export { callSchedulerMessagesEs } from '../CallScheduler/callSchedulerMessagesEs.js';
export { policyDocumentsMessagesEs } from '../PolicyDocuments/policyDocumentsMessagesEs.js';
export { policyRetrievalLauncherMessagesEs } from '../PolicyRetrievalLauncher/policyRetrievalLauncherMessagesEs.js';
export { quoteCardsMessagesEs } from '../QuoteCards/quoteCardsMessagesEs.js';
export { shopProgressMessagesEs } from '../ShopProgress/shopProgressMessagesEs.js';
export { tcpaConsentCheckboxMessagesEs } from '../TcpaConsentCheckbox/tcpaConsentCheckboxMessagesEs.js';
