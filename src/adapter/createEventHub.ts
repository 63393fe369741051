import { NetworkError } from '../core/errors/NetworkError.js';
import type { LoanEvent } from '../core/schemas/loanEvent.js';
import type { InsuranceAdapter, SubscribeOptions } from './InsuranceAdapter.js';
import { deferredIfLoaded, LOAD_FAILED, loadDeferred } from './loadDeferred.js';
import { operationPath } from './operationPath.js';
import type { HttpConfig } from './resolveHttpConfig.js';

type Subscribe = InsuranceAdapter['subscribe'];

/**
 * The adapter's `subscribe` (`shareEventConnections` does the work): a malformed id is refused
 * at once; the event stream's code loads with the first subscription rather than with the page,
 * and subscriptions made meanwhile join once it has (one that ends before hears `closed` and
 * costs nothing). From then on, subscribing is synchronous.
 */
export function createEventHub(config: HttpConfig): Subscribe {
  let shared: Subscribe | undefined;
  const share = (deferred: typeof import('./deferred.js')) =>
    (shared ??= deferred.shareEventConnections(config));

  return function subscribe(
    loanId: string,
    listener: (event: LoanEvent) => void,
    options?: SubscribeOptions,
  ): () => void {
    // Throws a ValidationError for a malformed id before anything is loaded or sent.
    operationPath('loanEvents', { loanId });
    const ready = deferredIfLoaded();
    if (shared || ready)
      return (shared ?? share(ready as NonNullable<typeof ready>))(loanId, listener, options);

    let stop: (() => void) | undefined;
    let done = false;
    loadDeferred().then(
      (deferred) => {
        if (!done) stop = share(deferred)(loanId, listener, options);
      },
      (error: unknown) => {
        if (done) return;
        done = true;
        // As the shared connection does: a listener's bug surfaces without stopping anything.
        queueMicrotask(() => {
          options?.onError?.(new NetworkError(LOAD_FAILED, error));
          options?.onStateChange?.('closed');
        });
      },
    );
    return () => {
      if (done) return;
      done = true;
      if (stop) stop();
      else options?.onStateChange?.('closed');
    };
  };
}
