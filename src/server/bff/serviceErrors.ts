// Errors that came out of the service client: their text (and codes) may be the service's own
// words, which may carry internals or someone's personal data. Marked rather than wrapped, so
// every other part of the BFF still sees the typed error it knows.
const marked = new WeakSet<object>();

/**
 * The errors the service client threw: the BFF answers them in the library's words (see
 * `errorToResponse`); its own refusals and the host's keep theirs.
 */
export const serviceErrors = {
  /** Marks `error` as the service client's, and returns it (to rethrow). */
  mark<E>(error: E): E {
    if (typeof error === 'object' && error !== null) marked.add(error);
    return error;
  },
  has: (error: unknown): boolean =>
    typeof error === 'object' && error !== null && marked.has(error),
};
