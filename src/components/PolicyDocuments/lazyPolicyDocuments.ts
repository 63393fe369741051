import { deferredComponent } from '../shared/deferredComponent.js';

/** {@link PolicyDocuments}'s content, loaded as its own chunk (it shows last in a borrower's path). */
export const lazyPolicyDocuments = deferredComponent(() =>
  import('./PolicyDocumentsBody.js').then((m) => m.PolicyDocumentsBody),
);
