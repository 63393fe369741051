export type { PolicyDocumentsProps, PolicyDocumentsState } from './PolicyDocuments.js';
export { PolicyDocuments } from './PolicyDocuments.js';
export { policyDocumentsMessages } from './policyDocumentsMessages.js';
