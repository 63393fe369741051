import type { NotBffResponseError } from '../core/errors/NotBffResponseError.js';
import { isDevelopment } from '../core/isDevelopment.js';
import { DEFAULT_BFF_BASE_PATH, DEFAULT_CSRF_HEADER, trimBasePath } from '../core/operations.js';
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
  /**
   * Tells the developer (`console.error`, development builds only) that an answer was not the
   * BFF's: once per adapter, since every request after a wrong `baseUrl` fails the same way.
   */
  reportNotBff: (error: NotBffResponseError) => void;
}

/** Fills in the defaults of {@link HttpAdapterOptions}. */
export function resolveHttpConfig(options: HttpAdapterOptions = {}): HttpConfig {
  const { headers } = options;
  let reported = false;
  return {
    // `${base}${path}` must not give `//loans`, which a browser reads as a host name.
    baseUrl: trimBasePath(options.baseUrl ?? DEFAULT_BFF_BASE_PATH),
    fetch: () => options.fetch ?? globalThis.fetch,
    headers: typeof headers === 'function' ? headers : () => headers,
    csrfHeader: options.csrfHeader ?? DEFAULT_CSRF_HEADER,
    timeoutMs: options.timeoutMs ?? BROWSER_REQUEST_TIMEOUT_MS,
    credentials: options.credentials ?? 'same-origin',
    pollIntervalMs: options.pollIntervalMs ?? 3_000,
    reportNotBff(error) {
      if (reported || !isDevelopment()) return;
      reported = true;
      console.error(`lender-insurance-react: ${error.message}`);
    },
  };
}
