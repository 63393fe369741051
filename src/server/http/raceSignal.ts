/**
 * Settles like `promise`, or rejects with the signal's reason as soon as the signal aborts,
 * whichever comes first. The promise itself goes on: this is how one caller stops waiting for
 * work shared with others (a token refresh), or for a `fetch` that ignores its signal.
 */
export function raceSignal<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
