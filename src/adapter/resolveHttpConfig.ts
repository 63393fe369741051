import { DEFAULT_BFF_BASE_PATH, DEFAULT_CSRF_HEADER, trimBasePath } from '../core/bffRoutes.js';
import { BROWSER_REQUEST_TIMEOUT_MS } from '../core/timeouts.js';
import type { HttpAdapterOptions } from './HttpAdapterOptions.js';

/** {@link HttpAdapterOptions} with every default filled in; what the request helpers read. */
export interface HttpConfig {
  baseUrl: string;
  /** Reads the `fetch` to use at call time (MSW and polyfills patch the global after import). */
  fetch: () => typeof fetch;
  headers: () => HeadersInit | undefined;
  csrfHeader: { name: string; value: string };
  timeoutMs: number;
  credentials: RequestCredentials;
  pollIntervalMs: number;
  /** Whether the developer was told that an answer was not the BFF's (see `reportNotBff`). */
  notBffReported: boolean;
}

/** Fills in the defaults of {@link HttpAdapterOptions}. */
export function resolveHttpConfig(options: HttpAdapterOptions = {}): HttpConfig {
  const { headers } = options;
  return {
    // `${base}${path}` must not give `//loans`, which a browser reads as a host name.
    baseUrl: trimBasePath(options.baseUrl ?? DEFAULT_BFF_BASE_PATH),
    fetch: () => options.fetch ?? globalThis.fetch,
    headers: typeof headers === 'function' ? headers : () => headers,
    csrfHeader: options.csrfHeader ?? DEFAULT_CSRF_HEADER,
    timeoutMs: options.timeoutMs ?? BROWSER_REQUEST_TIMEOUT_MS,
    credentials: options.credentials ?? 'same-origin',
    pollIntervalMs: options.pollIntervalMs ?? 3_000,
    notBffReported: false,
  };
}
