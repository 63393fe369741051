/** Options of `createHttpAdapter`. Every one has a default that fits the shipped BFF. */
export interface HttpAdapterOptions {
  /**
   * Where the BFF is mounted: a path relative to the page, or an absolute URL. Default
   * `/api/insurance`.
   */
  baseUrl?: string;
  /**
   * The `fetch` to use. Default: `globalThis.fetch`, read at each call, so a test double or a
   * polyfill installed after the adapter was created is used.
   */
  fetch?: typeof fetch;
  /**
   * Extra headers on every request (e.g. the host's own auth header). A function is called per
   * request, so a refreshed token is picked up.
   */
  headers?: HeadersInit | (() => HeadersInit);
  /** The CSRF header of every non-GET request. Default `{ name: 'X-LIR-CSRF', value: '1' }`. */
  csrfHeader?: { name: string; value: string };
  /**
   * How long a request may take before it fails with `TimeoutError`. Default
   * `BROWSER_REQUEST_TIMEOUT_MS` (30 s). An event stream silent (not even a heartbeat) for twice
   * this long is taken for dead and reconnected.
   */
  timeoutMs?: number;
  /** The `credentials` of every request. Default `'same-origin'`: the session cookie goes along. */
  credentials?: RequestCredentials;
  /** How often `subscribe` polls when server-sent events are unavailable. Default 3 000 ms. */
  pollIntervalMs?: number;
}
