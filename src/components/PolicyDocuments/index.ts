export type { PolicyDocumentsProps, PolicyDocumentsState } from './PolicyDocuments.js';
export { PolicyDocuments } from './PolicyDocuments.js';
export { policyDocumentsMessages } from './policyDocumentsMessages.js';
export { policyDocumentsMessagesEs } from './policyDocumentsMessagesEs.js';
export { preloadPolicyDocuments } from './preloadPolicyDocuments.js';
