export * from './CallScheduler/index.js';
export * from './LoanApplicationForm/index.js';
export * from './PolicyDocuments/index.js';
export * from './PolicyRetrievalLauncher/index.js';
export * from './QuoteCards/index.js';
export * from './ShopProgress/index.js';
export * from './TcpaConsentCheckbox/index.js';
