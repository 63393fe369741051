import type { BffOperationName } from '../../core/operations.js';
import type { Loan } from '../../core/schemas/loan.js';
import type { ServiceClient } from '../client/ServiceClient.js';
import type { EventRelay } from '../events/createEventRelay.js';
import type { Store } from '../store/Store.js';

/** Where the BFF reports refusals and failures. Never given bodies, tokens or signed URLs. */
export interface BffLogger {
  warn(message: string, meta?: Record<string, unknown>): void;
  error(message: string, meta?: Record<string, unknown>): void;
}

/** What {@link InsuranceBffOptions.authorize} decides on. */
export interface BffAuthorizeContext<S extends { id: string }> {
  session: S;
  operation: BffOperationName;
  /** The loan application the request touches (absent only when creating one). */
  loanId?: string;
  /** For `getPolicy`: the policy, whose loan is `loanId`. */
  policyId?: string;
  request: Request;
}

/** Options of `createInsuranceBff`. Only `client`, `getSession` and `authorize` are required. */
export interface InsuranceBffOptions<S extends { id: string }> {
  /** Calls the service for the partner this BFF serves. */
  client: ServiceClient;
  /** The host's session for a request; `null` answers 401 without touching the service. */
  getSession(request: Request): S | null | Promise<S | null>;
  /**
   * Whether the session may touch this loan (or policy). `false` answers 404, never 403, so a
   * browser cannot learn which ids exist. Required: the BFF refuses to start without it.
   */
  authorize(ctx: BffAuthorizeContext<S>): boolean | Promise<boolean>;
  /** Called after a loan application is created, to bind it to the session that created it. */
  onLoanCreated?(ctx: { session: S; loan: Loan; request: Request }): void | Promise<void>;
  /** Path the BFF answers under. Default `/api/insurance`. */
  basePath?: string;
  /** Shared state (idempotency, throttles, consents). Default: an in-memory store. */
  store?: Store;
  /** The event relay the webhook receiver publishes to. Default: one over `store`. */
  relay?: EventRelay;
  /** Header every non-GET request must carry. Default `{ name: 'X-LIR-CSRF', value: '1' }`. */
  csrfHeader?: { name: string; value: string };
  /** Exact origins allowed to call cross-origin (with credentials). Default: none. */
  allowedOrigins?: readonly string[];
  /** Largest accepted request body in bytes. Default 64 KiB. */
  maxBodyBytes?: number;
  /** Per-session share of the rate-limited operations. Default 20 per 60 s. */
  sessionRateLimit?: { limit: number; windowMs: number };
  /** One call me now per loan per this many ms. Default 60 000. */
  callMeNowThrottleMs?: number;
  /** How long a loan read is reused. Default 5 000 ms; events for the loan drop it sooner. */
  loanCacheTtlMs?: number;
  /** How long an `Idempotency-Key` result is replayed. Default 24 h. */
  idempotencyTtlMs?: number;
  /** Interval of server-sent-event heartbeats. Default 15 000 ms. */
  heartbeatMs?: number;
  /**
   * Hosts document URLs may point to. Whatever it holds, only `https:` URLs (plain `http:` only
   * for loopback hosts) reach the browser.
   */
  documentHosts?: readonly string[];
  /** Default: `console`. */
  logger?: BffLogger;
}

/** A running BFF. */
export interface InsuranceBff {
  /** Answers one browser request (web-standard, so it fits any framework's route handler). */
  handler(request: Request): Promise<Response>;
  /** The event relay: hand it to the webhook receiver so its events reach browsers. */
  readonly relay: EventRelay;
  /** Ends open event streams and stops listening to the relay. */
  close(): Promise<void>;
}
