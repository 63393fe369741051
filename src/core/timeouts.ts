/**
 * How long the browser waits for the BFF before giving up (the HTTP adapter's default). Every
 * server-side budget (the service client's deadline, queueing for the rate limit) stays below
 * it, so a browser never gives up on a request the server is still retrying.
 */
export const BROWSER_REQUEST_TIMEOUT_MS = 30_000;
