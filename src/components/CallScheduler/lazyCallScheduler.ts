import { deferredComponent } from '../shared/deferredComponent.js';

/** {@link CallScheduler}'s content, loaded as its own chunk (it shows later in a borrower's path). */
export const lazyCallScheduler = deferredComponent(() =>
  import('./CallSchedulerBody.js').then((m) => m.CallSchedulerBody),
);
