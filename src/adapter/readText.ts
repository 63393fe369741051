const rejectOnAbort = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });

/**
 * A response's whole body as text, or the signal's reason once it aborts: a body that stalls is
 * as hung as a server that never answers (not every fetch errors the body on abort once the
 * headers are in).
 */
export function readText(response: Response, signal: AbortSignal): Promise<string> {
  return Promise.race([response.text(), rejectOnAbort(signal)]);
}
