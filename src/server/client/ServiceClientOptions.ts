import type { ServiceRoutes } from '../../core/resolveServiceRoutes.js';
import type { Store } from '../store/Store.js';

/**
 * Where the service client reports what it did. Messages and metadata never hold the client
 * secret, an access token or a URL: operation names, statuses, attempt numbers and delays only.
 */
export interface ServiceClientLogger {
  warn(message: string, meta?: Record<string, unknown>): void;
  error(message: string, meta?: Record<string, unknown>): void;
}

/** Options of {@link createServiceClient}. Defaults are in `SERVICE_CLIENT_DEFAULTS`. */
export interface ServiceClientOptions {
  /**
   * The service's base URL including its path prefix, e.g. `https://host/lenders`. Must be
   * `https:`; `http:` only for loopback hosts (`127.0.0.0/8`, `localhost`, `[::1]`). No
   * credentials, query or fragment. Anything else throws a `TypeError`.
   */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /**
   * Platform partners: the lender client this client acts for, sent as `partner_id` in the token
   * request (one client per lender client). It comes from server configuration only: no call
   * option can change it.
   */
  partnerId?: string;
  /**
   * Where the service answers operations whose path differs from the operation table's (several
   * are unconfirmed), per operation: `{ submitLoanApplication: 'POST /v1/loans/application' }`.
   * Each must keep its default path's ids; a mistake throws a `TypeError` naming the operation.
   * `parseServiceRoutes` reads them from an environment variable.
   */
  routes?: ServiceRoutes;
  /**
   * Sends every request of the client (its calls and its token requests) when given: a test's
   * stand-in, a host's instrumented `fetch`. Without it, on Node the client sends through
   * `node:http` / `node:https` with keep-alive connections shared by the process's clients
   * (reached through `process.getBuiltinModule`, no static import), which spends less CPU per
   * request than `fetch`; elsewhere (edge runtimes) `globalThis.fetch`, read at call
   * time, so a polyfill installed later is used. Both ways behave alike: redirects are not
   * followed, bodies are capped (decoded gzip, deflate and br bodies counted as decoded), and a
   * port `fetch` refuses is refused with the same `BAD_PORT` cause. MSW's `setupServer`
   * intercepts `node:http` as it does `fetch`.
   */
  fetch?: typeof fetch;
  /** Token cache, lock and rate-limit window. Default: a new in-memory store. */
  store?: Store;
  /** One attempt, from sending to the end of the body. Default 10 000 ms. */
  timeoutMs?: number;
  /**
   * The whole call: rate-limit queue, attempts and backoff. Default 20 000 ms; must be below the
   * browser's request timeout (`BROWSER_REQUEST_TIMEOUT_MS`), otherwise this throws.
   */
  deadlineMs?: number;
  /** Largest success body read; a larger one is abandoned (502 `upstream_too_large`). 1 MiB. */
  maxResponseBytes?: number;
  /**
   * The client's own limit per partner, on rate-limited operations only: default 90 per 60 000
   * ms. `backgroundLimit` (default 80 % of `limit`) caps what `background` calls may take of a
   * window, so interactive calls find a free slot during a burst of webhook follow-ups.
   * `latencyAllowanceMs` (default 5 000) is how much longer than `windowMs` the client keeps a
   * call counted: the service counts a call from when it arrives, the client from when it is
   * sent, so a slow arrival would otherwise still count upstream after the client freed it.
   */
  rateLimit?: {
    limit?: number;
    windowMs?: number;
    backgroundLimit?: number;
    latencyAllowanceMs?: number;
  };
  /**
   * Retry policy: `attempts` in total per call (default 3), full-jitter backoff from
   * `baseDelayMs` (500) capped at `maxDelayMs` (8 000), and a `Retry-After` longer than
   * `maxRetryAfterMs` (30 000) is not waited for.
   */
  retry?: {
    attempts?: number;
    baseDelayMs?: number;
    maxDelayMs?: number;
    maxRetryAfterMs?: number;
  };
  /** How long before expiry a token is replaced. Default 300 000 ms (5 min). */
  tokenRefreshSkewMs?: number;
  /** Jitter source in [0, 1). Default `Math.random`. */
  random?: () => number;
  /** Default: nothing is logged. */
  logger?: ServiceClientLogger;
}
