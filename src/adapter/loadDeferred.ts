type Deferred = typeof import('./deferred.js');

/** The message of the `NetworkError` a caller gets when the deferred part cannot be loaded. */
export const LOAD_FAILED = 'Could not load the insurance adapter';

let loading: Promise<Deferred> | undefined;
let loaded: Deferred | undefined;

/**
 * Loads the part of the adapter that is not in the page's first download (`deferred.ts`): once
 * per page, shared by every adapter; a failed load (offline, or a deploy replaced the chunk) is
 * tried again on the next call rather than remembered.
 */
export function loadDeferred(): Promise<Deferred> {
  if (!loading) {
    const attempt = import('./deferred.js').then((module) => {
      loaded = module;
      return module;
    });
    attempt.catch(() => {
      if (loading === attempt) loading = undefined;
    });
    loading = attempt;
  }
  return loading;
}

/** The deferred part when it has loaded already, so a caller can go on synchronously. */
export const deferredIfLoaded = (): Deferred | undefined => loaded;
