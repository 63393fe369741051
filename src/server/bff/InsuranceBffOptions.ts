import type { BffOperationName } from '../../core/operations.js';
import type { Loan } from '../../core/schemas/loan.js';
import type { LoanApplicationRequest } from '../../core/schemas/loanApplicationInput.js';
import type { ServiceClient } from '../client/ServiceClient.js';
import type { EventRelay, PolicyLink } from '../events/createEventRelay.js';
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
  /**
   * The loan application the request touches: absent only when creating one
   * (`submitLoanApplication`). For `getPolicy` it is the loan the policy was linked to, or
   * `null` when the BFF holds no link for the policy (its event could not be tied to exactly one
   * application, or the link is gone): then allow it only if your own records say the session
   * owns `policyId`.
   */
  loanId?: string | null;
  /** For `getPolicy`: the policy. */
  policyId?: string;
  request: Request;
}

/** What {@link InsuranceBffOptions.fairnessKey} decides on. */
export interface BffFairnessContext<S extends { id: string }> {
  session: S;
  request: Request;
}

/** A count per sliding window. */
export interface RateWindow {
  limit: number;
  windowMs: number;
}

/** Caps on what one session may hold or do (see {@link InsuranceBffOptions.sessionLimits}). */
export interface SessionLimits {
  /** Event streams one session may hold open on one BFF instance. Default 10. */
  streams?: number;
  /** New `Idempotency-Key`s one session may use within `idempotencyTtlMs`. Default 200. */
  idempotencyKeys?: number;
  /** Writes (every request but GET) per session. Default 30 per 60 s. */
  writes?: RateWindow;
}

/** Limits on asking an advisor to call (schedule call and call me now). */
export interface AdvisorCallLimits {
  /** Per session, across its loans. Default 3 per hour. */
  perSession?: RateWindow;
  /** Per phone number called, across sessions and loans. Default 3 per hour. */
  perPhone?: RateWindow;
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
  /**
   * Called after a loan application is created, to bind it to the session that created it. It
   * runs even when the browser went away before the answer came (the outcome of a write belongs
   * to its `Idempotency-Key`), and again if it failed; make it idempotent (keyed by `loan.id`).
   */
  onLoanCreated?(ctx: { session: S; loan: Loan; request: Request }): void | Promise<void>;
  /**
   * Completes a loan application server-side before it is sent: fill or override what your own
   * records know (the loan number, the loan officer, the property) so the borrower never types
   * it, and set `externalId` from your records if you want events to name it. `input` is the
   * browser's application, already validated, without `externalId` (never taken from a
   * browser). Return the application to send; it is validated again (a mistake is logged and
   * answered 500). Throw a `ValidationError` to refuse it with field issues. Without an
   * `externalId` the BFF assigns a unique one per application.
   */
  prepareApplication?(ctx: {
    session: S;
    input: LoanApplicationRequest;
    request: Request;
  }): LoanApplicationRequest | Promise<LoanApplicationRequest>;
  /**
   * Called once when a policy is tied to exactly one loan application (from its event), so you
   * can keep the link in your own records and decide `getPolicy` from them in `authorize`. The
   * BFF keeps links for `linkRetentionMs`. A throw fails the webhook delivery, which the
   * service retries.
   */
  onPolicyLinked?(link: PolicyLink): void | Promise<void>;
  /** How long the BFF keeps the links from external ids and policies to loans. Default 400 days. */
  linkRetentionMs?: number;
  /**
   * The key a client's share of the partner's rate budget is counted under. Default: the
   * session id. Return a user id when one person may hold several sessions, or the client's
   * address when sessions are cheap to mint (an anonymous portal), so that opening more
   * sessions does not buy a bigger share.
   */
  fairnessKey?(ctx: BffFairnessContext<S>): string | Promise<string>;
  /** Each fairness key's share of the rate-limited operations. Default 20 per 60 s. */
  fairShare?: RateWindow;
  /** Caps per session: open event streams, idempotency records, writes per minute. */
  sessionLimits?: SessionLimits;
  /** Limits on advisor calls per session and per phone number (on top of the per-loan one). */
  advisorCalls?: AdvisorCallLimits;
  /**
   * How often an open event stream checks that its session is still signed in and allowed the
   * loan (`getSession`, `authorize`); it ends when not. Default 10 000 ms.
   */
  sessionCheckMs?: number;
  /** Path the BFF answers under. Default `/api/insurance`. */
  basePath?: string;
  /**
   * Shared state (idempotency, throttles, consents, the loans it keeps, so several instances
   * answer a loan any of them read). Default: an in-memory store.
   */
  store?: Store;
  /** The event relay the webhook receiver publishes to. Default: one over `store`. */
  relay?: EventRelay;
  /** Header every non-GET request must carry. Default `{ name: 'X-LIR-CSRF', value: '1' }`. */
  csrfHeader?: { name: string; value: string };
  /** Exact origins allowed to call cross-origin (with credentials). Default: none. */
  allowedOrigins?: readonly string[];
  /** Largest accepted request body in bytes. Default 64 KiB. */
  maxBodyBytes?: number;
  /** @deprecated Use `fairShare` (the share is per fairness key, the session by default). */
  sessionRateLimit?: RateWindow;
  /** One call me now per loan per this many ms. Default 60 000. */
  callMeNowThrottleMs?: number;
  /**
   * How long the BFF keeps a loan it read (or created) at most. Events and the BFF's own writes
   * keep the copy current meanwhile (after `loan.shopped` or a policy event its status is read
   * again from the quote display, which the service does not rate limit), so this only bounds
   * changes made outside the BFF, which send no event (e.g. the lender's own server updating
   * the loan). Kept in `store` too, so another instance sharing it reads no loan again. Default
   * 900 000 ms (15 minutes); `0` keeps nothing and only shares concurrent reads.
   */
  loanCacheTtlMs?: number;
  /** How long an `Idempotency-Key` result is replayed. Default 24 h. */
  idempotencyTtlMs?: number;
  /** Interval of server-sent-event heartbeats. Default 15 000 ms. */
  heartbeatMs?: number;
  /**
   * How long after a shop this BFF waits for the loan's `loan.shopped` event (quoting takes
   * 30-45 s). When none came by then, webhooks are not arriving: it logs so, once for the loan,
   * with the webhook receiver's last refused delivery when the receiver shares `relay` (a wrong
   * `secret` shows as "invalid signature"), then reads the outcome from the shopped loan (which
   * the service does not rate limit) and relays a `loan.shopped` event for it once quoting
   * ended, so the borrower's page shows the quotes rather than waiting for its own time-out.
   * Default 60 000 ms; `0` turns the watch off.
   */
  quotingEventTimeoutMs?: number;
  /**
   * Pins the hosts policy documents may be served from. Without it, a document link on any
   * public host reaches the browser: the service serves its signed evidence-of-insurance PDFs
   * from a third-party CDN, not from its own host. Never by default: loopback, private,
   * link-local and carrier-NAT addresses, any IP literal, one-label names and `.local`,
   * `.internal`, `.lan`, `.home.arpa` names, unless the service itself is local (the host of
   * `client.baseUrl` is one of those: a sandbox).
   *
   * With it, only the hosts listed (the service's own host too only when listed): `host` (any
   * port), `host:port`, or `*.domain` (any host under `domain`, at any depth, not `domain`
   * itself; on a CDN shared with other customers, prefer exact hosts). Whatever it holds,
   * only `https:` URLs without credentials (plain `http:` only for loopback hosts) reach the
   * browser. A removed link is logged with its field, host and reason (`not_public`,
   * `not_in_document_hosts`, `unsafe`), never the URL itself.
   *
   * @throws {TypeError} from `createInsuranceBff` for an entry that is not a host (a URL, a
   *   path, a misplaced `*`), an empty list, or a host that is not public while the service is
   *   not local.
   */
  documentHosts?: readonly string[];
  /**
   * Fields of service answers the browser may receive besides those the library knows, per
   * operation, as dotted paths (arrays are transparent): `{ getQuoteDisplay: ['quotes.rating'] }`.
   * Everything else a service answer carries is dropped.
   */
  exposeFields?: Partial<Record<BffOperationName, readonly string[]>>;
  /** Default: `console`. */
  logger?: BffLogger;
}

/** A running BFF. */
export interface InsuranceBff {
  /** Answers one browser request (web-standard, so it fits any framework's route handler). */
  handler(request: Request): Promise<Response>;
  /** The event relay: hand it to the webhook receiver so its events reach browsers. */
  readonly relay: EventRelay;
  /**
   * Ends the session's open event streams on every BFF instance sharing the store (call it when
   * the session signs out). Streams also end by themselves within `sessionCheckMs`.
   */
  endSessionStreams(sessionId: string): Promise<void>;
  /** Ends open event streams and stops listening to the relay. */
  close(): Promise<void>;
}
