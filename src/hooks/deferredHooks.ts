// What the hooks load on first use rather than with the page, as one chunk of a host's bundle:
// the actions' bodies (input validation, idempotency keys, cache updates) and the policy
// documents' reading (safe links, signed URLs). One chunk, so a page preloads one file for both.
export { actionBodies } from './actionBodies.js';
export { policyDocuments } from './policyDocuments.js';
