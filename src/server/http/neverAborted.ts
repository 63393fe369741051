let signal: AbortSignal | undefined;

/**
 * A signal that never aborts, for a request only its own timeout may end (a token request that
 * callers share, the doctor's test delivery). Made on first use, not when the module loads: a
 * worker forbids creating an `AbortController` at module scope.
 */
export function neverAborted(): AbortSignal {
  signal ??= new AbortController().signal;
  return signal;
}
