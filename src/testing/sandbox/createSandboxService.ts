import { InsuranceError } from '../../core/errors/InsuranceError.js';
import { NotFoundError } from '../../core/errors/NotFoundError.js';
import { ServiceError } from '../../core/errors/ServiceError.js';
import { UnauthorizedError } from '../../core/errors/UnauthorizedError.js';
import { hmacSha256Hex } from '../../core/hmacSha256Hex.js';
import { matchOperation } from '../../core/matchOperation.js';
import type { OperationName, ServiceOperationName } from '../../core/operations.js';
import { operations, trimBasePath } from '../../core/operations.js';
import type { ServiceRoutes } from '../../core/resolveServiceRoutes.js';
import { resolveServiceRoutes } from '../../core/resolveServiceRoutes.js';
import { SERVICE_PATH_PREFIX } from '../../core/SERVICE_PATH_PREFIX.js';
import { SPEC_WEBHOOK_HEADER_PREFIX } from '../../core/SPEC_WEBHOOK_HEADER_PREFIX.js';
import type { ConsentRecord } from '../../core/schemas/consentRecord.js';
import type { Loan } from '../../core/schemas/loan.js';
import type { WebhookEnvelope } from '../../core/schemas/webhookEvent.js';
import { validateInput } from '../../core/validateInput.js';
import type { LoanApplicationFixtureOverrides } from '../createLoanApplicationFixture.js';
import { callOperations } from './callOperations.js';
import { createJwt } from './createJwt.js';
import { createQuotingWaits } from './createQuotingWaits.js';
import type { SandboxClock } from './createSandboxClock.js';
import { createSandboxClock } from './createSandboxClock.js';
import { createSlidingWindowLimiter } from './createSlidingWindowLimiter.js';
import type { DeliveryAttempt, SandboxLogger, WebhookTarget } from './createWebhookDispatcher.js';
import { createWebhookDispatcher } from './createWebhookDispatcher.js';
import { handleTokenRequest } from './handleTokenRequest.js';
import { handleHostedRequest } from './hostedRoutes.js';
import { HOSTED_PREFIX, hostedUrl } from './hostedUrl.js';
import { loanOperations } from './loanOperations.js';
import { policyOperations } from './policyOperations.js';
import type { AnswerLoosening } from './productionLike/loosenAnswer.js';
import { loosenResponse } from './productionLike/loosenResponse.js';
import type { ProductionLikeOptions } from './productionLike/ProductionLikeOptions.js';
import type { ProductionLike } from './productionLike/resolveProductionLike.js';
import { resolveProductionLike } from './productionLike/resolveProductionLike.js';
import { withJsonCharset } from './productionLike/withJsonCharset.js';
import { randomId } from './randomId.js';
import type { SandboxClientConfig } from './sandboxClientConfig.js';
import { errorResponse, json } from './sandboxResponses.js';
import type { SandboxOperation, SandboxRuntime } from './sandboxRuntime.js';
import type { PartnerScope, SandboxCallTask } from './sandboxTypes.js';
import type { SeedLoanOptions } from './seedLoan.js';
import { seedLoan } from './seedLoan.js';

/** Defaults of the sandbox's credentials (printed by the sandbox process) and asset origin. */
export const SANDBOX_DEFAULTS = {
  clientId: 'sandbox_client',
  clientSecret: 'sandbox_secret',
  partnerId: 'sandbox_partner',
  sandboxPassword: 'sandbox_password',
  basePath: SERVICE_PATH_PREFIX,
  /**
   * Where an in-process sandbox serves documents and carrier logos (`sandbox.fetch`, MSW): a host
   * other than the API's, as production's CDN is. `startSandboxServer` uses its second port.
   */
  assetOrigin: 'https://cdn.sandbox.test',
} as const;

/** Options of {@link createSandboxService}. Every one has a default. */
export interface SandboxServiceOptions {
  /** Accepted API credentials. Default: one standard partner with {@link SANDBOX_DEFAULTS}. */
  clients?: readonly SandboxClientConfig[];
  /** Password of the retrieval users (`RETRIEVAL_USERS`: `user_good`, `user_good_flood`, …). */
  sandboxPassword?: string;
  /** Quoting time in ms: a number, or `[min, max]` to draw from. Default `[30000, 45000]`. */
  quoteDelayMs?: number | readonly [number, number];
  /** The clock: `'auto'` (default; real time, `advance` jumps ahead), `'manual'`, or your own. */
  clock?: SandboxClock | 'auto' | 'manual';
  /** The service's path prefix, part of its base URL. Default `/lenders`. */
  basePath?: string;
  /**
   * Serve some operations at other paths than the operation table's, as a real service that
   * spells them differently would (the service client's `routes` takes the same value).
   */
  routes?: ServiceRoutes;
  /** Origin used in hosted URLs; default: the origin of each request. */
  publicOrigin?: string;
  /**
   * Origin that serves signed documents (`/sandbox/documents/…`) and carrier logos
   * (`/sandbox/logos/…`), and the only one that does: another host than the API's, as the
   * service's CDN is, so a link built on the API's origin fails in tests as in production (the
   * API origin answers 404 for them). Default `https://cdn.sandbox.test`
   * ({@link SANDBOX_DEFAULTS}), which `sandbox.fetch`, `handler` and the MSW handlers answer;
   * `startSandboxServer` serves it on a second port. Pages and the API are answered on any
   * origin, this one included.
   */
  assetOrigin?: string;
  /** How long signed document URLs live. Default 2 minutes. */
  documentUrlTtlMs?: number;
  /** Access token lifetime. Default 86400 s (24 h). */
  tokenTtlSeconds?: number;
  /** The per-partner limit on the rate-limited operations. Default 100 per 60 s. */
  rateLimit?: { limit: number; windowMs: number };
  /**
   * Prefix the webhook headers are signed under. Default `X-Service`, the specification's; the
   * production service uses its vendor's name, e.g. `X-Acme` (a receiver at its default
   * `headerPrefix: 'auto'` takes either). Not `'auto'`, which is the receiver's setting.
   */
  webhookHeaderPrefix?: string;
  /**
   * Answer as loosely as the production service does, so a client's tests meet production's
   * answers before production does: `null` for optional fields not known yet, numbers as text
   * and text as numbers, unknown fields, a quote without an id, a document not ready yet, dates
   * as timestamps, webhooks signed under a vendor's prefix with lower-case header names, and
   * `application/json; charset=utf-8`. Deterministic (the same answer for the same state), and
   * only the JSON answers change: state, rate limit, events and hosted pages stay as they are.
   * `true` takes every default of {@link ProductionLikeOptions}. Default `false`. The README's
   * "Production-like answers" lists every variation.
   */
  productionLike?: boolean | ProductionLikeOptions;
  /** Time between webhook retries (default 4 h) and how long to retry (default 14 days). */
  webhookRetry?: { intervalMs?: number; windowMs?: number };
  /** `fetch` used to deliver webhooks. Default `globalThis.fetch`. */
  fetch?: typeof fetch;
  /** Source of randomness for quoting delays. Default `Math.random`. */
  random?: () => number;
  /**
   * Told of each webhook delivery a receiver refused (401, 404, 5xx, no connection...), with
   * the URL, the status and what it usually means. Default: nothing is said (tests stay quiet);
   * `startSandboxServer` and the sandbox command default to `console.warn`.
   */
  logger?: SandboxLogger;
}

/** A failure to answer instead of the real behaviour, for testing clients' resilience. */
export interface SandboxFault {
  operation: OperationName;
  status: number;
  body?: string;
  headers?: Record<string, string>;
  /** How many requests it applies to. Default 1. */
  times?: number;
}

/** What the sandbox knows about a loan application beyond its wire shape (for tests). */
export interface SandboxLoanSnapshot {
  status: string;
  consentRecorded: boolean;
  generalConsentRecorded: boolean;
  tcpaConsentRecorded: boolean;
  /** The TCPA consent record, when recorded. */
  tcpaConsent: ConsentRecord | null;
  selectedQuoteId: string | null;
  policyIds: readonly string[];
  contacts: readonly unknown[];
  externalInsurance: unknown;
}

/** A running sandbox. See {@link createSandboxService}. */
export interface SandboxService {
  /** Answers a request as the service (and its hosted pages) would. Never throws. */
  handler(request: Request): Promise<Response>;
  /** A `fetch`-compatible function answered by {@link SandboxService.handler}, with no network. */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** The sandbox's clock. */
  readonly clock: SandboxClock;
  /** The resolved credentials. */
  readonly clients: readonly SandboxClientConfig[];
  readonly basePath: string;
  readonly sandboxPassword: string;
  /** Where documents and carrier logos are served (see {@link SandboxServiceOptions.assetOrigin}). */
  readonly assetOrigin: string;
  /** The prefix webhook headers are signed under, e.g. `X-Service`. */
  readonly webhookHeaderPrefix: string;
  /**
   * The production-like mode's settings, every default filled in, or `null` when it is off (see
   * {@link SandboxServiceOptions.productionLike}).
   */
  readonly productionLike: Readonly<ProductionLike> | null;
  /** Moves the clock forward and waits for the webhook deliveries it caused. */
  advance(ms: number): Promise<void>;
  /** Waits until no webhook delivery is in flight. */
  settle(): Promise<void>;
  /** Sets (or with `null` removes) where a client's events are delivered. */
  registerWebhook(clientId: string, target: WebhookTarget | null): void;
  /** Every event emitted, in order. */
  readonly events: readonly WebhookEnvelope[];
  /** Calls `listener` with each event emitted from now on; returns a function that stops it. */
  subscribe(listener: (event: WebhookEnvelope) => void): () => void;
  /** Every webhook delivery attempt, in order. */
  readonly deliveries: readonly DeliveryAttempt[];
  /** Advisor tasks created by schedule call and call me now. */
  readonly tasks: readonly SandboxCallTask[];
  /** Requests per operation and how many were refused by the rate limit. */
  stats(): { requests: Partial<Record<OperationName, number>>; rateLimited: number };
  /** Internal state of a loan application, or `undefined`. */
  inspectLoan(loanId: string): SandboxLoanSnapshot | undefined;
  /** Makes every access token issued so far invalid (as a key rotation would). */
  invalidateTokens(): void;
  /** Answers the next request(s) of an operation with a failure. */
  injectFault(fault: SandboxFault): void;
  /**
   * Creates a loan application directly (a valid one from `createLoanApplicationFixture`, with
   * your overrides), consent recorded unless `{ consent: false }`. Not an API call: not counted
   * in {@link SandboxService.stats} nor held against the rate limit.
   */
  seedLoan(overrides?: LoanApplicationFixtureOverrides, options?: SeedLoanOptions): Promise<Loan>;
  /**
   * Resolves once the sandbox is quoting the loan: at once if it is, else when its next shop is
   * answered. Await it before {@link SandboxService.advance}: a component shows its progress
   * before its request has reached the sandbox. Rejects if the sandbox refuses that shop.
   */
  whenQuoting(loanId: string): Promise<void>;
  /** Cancels timers and pending retries. */
  dispose(): void;
}

const MAX_BODY_BYTES = 1024 * 1024;

/** Sandbox-only: the events of the caller's partner, for users without a webhook receiver. */
export const EVENTS_PATH = hostedUrl('', 'events');
const encoder = new TextEncoder();

/** The hosted pages that live on the asset origin. */
const ASSET_PAGES = ['documents', 'logos'] as const;

function originOf(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.origin !== value.replace(/\/$/, '')) {
    throw new TypeError(
      `createSandboxService: assetOrigin must be an origin such as https://cdn.sandbox.test or http://127.0.0.1:4011, not ${value}`,
    );
  }
  return url.origin;
}

const methodNotAllowed = (allow: readonly string[], message = 'Method not allowed') =>
  errorResponse(new ServiceError(405, 'method_not_allowed', message), { Allow: allow.join(', ') });

async function readJsonBody(request: Request, optional: boolean): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  const text = await request.text();
  if (encoder.encode(text).length > MAX_BODY_BYTES) {
    throw new ServiceError(413, 'payload_too_large', 'Request body is too large');
  }
  if (text.trim() === '' && optional) return {};
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new ServiceError(415, 'unsupported_media_type', 'Send the body as application/json');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ServiceError(400, 'invalid_json', 'The body is not valid JSON');
  }
}

/**
 * Creates the sandbox simulator: a web-standard `handler(Request) → Response` that behaves like
 * the insurance-verification service, including its sandbox test behaviours, hosted pages,
 * signed document URLs, rate limit and webhooks, on a clock a test can move.
 *
 * @example
 * const sandbox = createSandboxService({ clock: 'manual' });
 * const res = await sandbox.handler(new Request('http://sandbox.test/lenders/v1/auth/token', {
 *   method: 'POST', headers: { 'Content-Type': 'application/json' },
 *   body: JSON.stringify({ client_id: 'sandbox_client', client_secret: 'sandbox_secret' }),
 * }));
 */
export function createSandboxService(options: SandboxServiceOptions = {}): SandboxService {
  const clock =
    typeof options.clock === 'object'
      ? options.clock
      : createSandboxClock({ auto: options.clock !== 'manual' });
  const clients: SandboxClientConfig[] = (
    options.clients ?? [
      {
        clientId: SANDBOX_DEFAULTS.clientId,
        clientSecret: SANDBOX_DEFAULTS.clientSecret,
        partnerId: SANDBOX_DEFAULTS.partnerId,
      },
    ]
  ).map((c) => ({ ...c }));
  const basePath = trimBasePath(options.basePath ?? SANDBOX_DEFAULTS.basePath);
  const assetOrigin = originOf(options.assetOrigin ?? SANDBOX_DEFAULTS.assetOrigin);
  const routes = resolveServiceRoutes(options.routes);
  const productionLike = resolveProductionLike(options.productionLike, options.webhookHeaderPrefix);
  const webhookHeaderPrefix =
    productionLike?.webhookHeaderPrefix ??
    options.webhookHeaderPrefix ??
    SPEC_WEBHOOK_HEADER_PREFIX;
  const random = options.random ?? Math.random;
  const delay = options.quoteDelayMs ?? [30_000, 45_000];
  const tokenTtl = options.tokenTtlSeconds ?? 86_400;
  const jwt = createJwt();
  const documentKey = randomId('k', 32);
  // The signature of a document URL: what `documentUrl` puts in it and the hosted route checks.
  const signDocument = (docId: string, expires: number | string) =>
    hmacSha256Hex(documentKey, `${docId}.${expires}`);
  const limiter = createSlidingWindowLimiter({
    limit: options.rateLimit?.limit ?? 100,
    windowMs: options.rateLimit?.windowMs ?? 60_000,
    now: clock.now,
  });
  const dispatcher = createWebhookDispatcher({
    clock,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    headerPrefix: webhookHeaderPrefix,
    lowerCaseHeaders: productionLike !== null,
    ...(options.webhookRetry?.intervalMs
      ? { retryIntervalMs: options.webhookRetry.intervalMs }
      : {}),
    ...(options.webhookRetry?.windowMs !== undefined
      ? { retryWindowMs: options.webhookRetry.windowMs }
      : {}),
  });
  const events: WebhookEnvelope[] = [];
  const listeners = new Set<(event: WebhookEnvelope) => void>();
  const requests: Partial<Record<OperationName, number>> = {};
  let rateLimited = 0;
  const faults: SandboxFault[] = [];

  const rt: SandboxRuntime = {
    clock,
    sandboxPassword: options.sandboxPassword ?? SANDBOX_DEFAULTS.sandboxPassword,
    documentUrlTtlMs: options.documentUrlTtlMs ?? 120_000,
    quoteDelayMs: () =>
      typeof delay === 'number' ? delay : delay[0] + Math.round(random() * (delay[1] - delay[0])),
    loans: new Map(),
    policies: new Map(),
    documents: new Map(),
    retrievals: new Map(),
    shortCodes: new Map(),
    tasks: [],
    emit(partner, type, objectType, data) {
      const loan = typeof data.loanId === 'string' ? rt.loans.get(data.loanId) : undefined;
      const externalId = loan?.wire.externalId;
      const event: WebhookEnvelope = {
        id: randomId('evt'),
        type,
        objectType,
        occurredAt: new Date(clock.now()).toISOString(),
        data: {
          ...data,
          partnerId: partner.partnerId,
          platformId: partner.platformId,
          ...(externalId ? { externalId } : {}),
        },
      };
      events.push(event);
      for (const listener of [...listeners]) listener(event);
      const client = clients.find((c) => c.clientId === partner.clientId);
      if (client?.webhook) {
        dispatcher.dispatch({
          target: client.webhook,
          secret: client.clientSecret,
          event,
          partnerId: partner.partnerId,
          ...(externalId ? { externalId } : {}),
        });
      }
      return event;
    },
    assetOrigin,
    productionLike,
    async documentUrl(doc) {
      const expires = Math.floor((clock.now() + rt.documentUrlTtlMs) / 1000);
      const signature = await signDocument(doc.id, expires);
      return `${hostedUrl(assetOrigin, 'documents', doc.id)}?Expires=${expires}&Signature=${signature}`;
    },
  };

  const quoting = createQuotingWaits(rt);
  // What loosening a policy's answer needs to know: when it was bound, on the sandbox clock.
  const loosening: AnswerLoosening = {
    policy: (policyId) => ({
      now: clock.now(),
      boundAt: rt.policies.get(policyId)?.boundAt,
      documentNotReadyMs: productionLike?.documentNotReadyMs ?? 0,
    }),
  };
  const implementations: Record<Exclude<ServiceOperationName, 'createToken'>, SandboxOperation> = {
    ...loanOperations,
    ...callOperations,
    ...policyOperations,
  };

  async function authenticate(request: Request): Promise<PartnerScope> {
    const header = request.headers.get('authorization') ?? '';
    const token = /^Bearer ([A-Za-z0-9_.-]+)$/.exec(header)?.[1];
    if (!token) throw new UnauthorizedError('Missing bearer token');
    const claims = await jwt.verify(token);
    if (!claims) throw new UnauthorizedError('Invalid access token');
    if (claims.exp * 1000 <= clock.now()) throw new UnauthorizedError('Access token expired');
    return { clientId: claims.sub, partnerId: claims.partner_id, platformId: claims.platform_id };
  }

  async function route(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const origin = options.publicOrigin ?? url.origin;
    if (url.pathname === EVENTS_PATH) {
      // Not part of the service: lets a sandbox user without a webhook receiver (curl, a demo)
      // see the events of their own partner, oldest first; `?after=<event id>` pages.
      if (request.method !== 'GET') return methodNotAllowed(['GET'], 'Use GET');
      const partner = await authenticate(request);
      const mine = events.filter((e) => e.data.partnerId === partner.partnerId);
      const after = url.searchParams.get('after');
      const from = after ? mine.findIndex((e) => e.id === after) + 1 : 0;
      return json({ events: mine.slice(from) });
    }
    // Documents and logos live on the asset origin only, as production's on its CDN: a link
    // built on the API's origin fails here as it would there.
    if (ASSET_PAGES.some((page) => url.pathname.startsWith(hostedUrl('', page, '')))) {
      if (url.origin !== assetOrigin) return errorResponse(new NotFoundError());
    }
    if (url.pathname.startsWith(HOSTED_PREFIX)) {
      return handleHostedRequest(rt, request, async (docId, expires, signature) => {
        const expected = await signDocument(docId, expires);
        return expected.length === signature.length && expected === signature.toLowerCase();
      });
    }
    const path = url.pathname.startsWith(`${basePath}/`)
      ? url.pathname.slice(basePath.length)
      : null;
    const match =
      path === null
        ? ({ kind: 'not_found' } as const)
        : matchOperation('upstream', request.method, path, routes);
    if (match.kind === 'method_not_allowed') return methodNotAllowed(match.allow);
    if (match.kind !== 'matched') return errorResponse(new NotFoundError());
    const name = match.name as ServiceOperationName;
    requests[name] = (requests[name] ?? 0) + 1;
    const fault = faults.find((f) => f.operation === name);
    if (fault) {
      fault.times = (fault.times ?? 1) - 1;
      if (fault.times <= 0) faults.splice(faults.indexOf(fault), 1);
      return new Response(fault.body ?? '', { status: fault.status, headers: fault.headers ?? {} });
    }
    const op = operations[name];
    if (name === 'createToken') {
      const input = validateInput(
        await operations.createToken.input(),
        await readJsonBody(request, false),
      );
      return handleTokenRequest(clients, jwt, input, clock.now(), tokenTtl);
    }
    const partner = await authenticate(request);
    if (op.rateLimited && !limiter.tryAcquire(partner.partnerId)) {
      rateLimited++;
      // The documented answer: status 429 and this message, no Retry-After.
      return new Response('Rate limit exceeded', {
        status: 429,
        headers: { 'Content-Type': 'text/plain' },
      });
    }
    const body = op.input
      ? validateInput(await op.input(), await readJsonBody(request, op.optionalBody))
      : undefined;
    const run = () => implementations[name](rt, { partner, params: match.params, body, origin });
    const answer = await (name === 'shopLoan' ? quoting.track(match.params.loanId, run) : run());
    // Only the answer changes: the operation has run on the sandbox's state as always.
    return productionLike ? loosenResponse(name, answer, loosening) : answer;
  }

  async function respond(request: Request): Promise<Response> {
    try {
      return await route(request);
    } catch (error) {
      if (error instanceof InsuranceError) return errorResponse(error);
      console.error('sandbox: unexpected error', error);
      return errorResponse(new ServiceError(500, 'internal_error', 'Internal error'));
    }
  }

  async function handler(request: Request): Promise<Response> {
    const response = await respond(request);
    return productionLike ? withJsonCharset(response) : response;
  }

  return {
    handler,
    fetch: (input, init) => handler(new Request(input, init)),
    clock,
    clients,
    basePath,
    sandboxPassword: rt.sandboxPassword,
    assetOrigin,
    webhookHeaderPrefix,
    productionLike,
    async advance(ms) {
      await clock.advance(ms);
      await dispatcher.settle();
    },
    settle: () => dispatcher.settle(),
    registerWebhook(clientId, target) {
      const client = clients.find((c) => c.clientId === clientId);
      if (!client) throw new Error(`Unknown sandbox client ${clientId}`);
      client.webhook = target;
    },
    events,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    get deliveries() {
      return dispatcher.attempts;
    },
    tasks: rt.tasks,
    stats: () => ({ requests: { ...requests }, rateLimited }),
    inspectLoan(loanId) {
      const loan = rt.loans.get(loanId);
      if (!loan) return undefined;
      return {
        status: loan.wire.status,
        consentRecorded: loan.consent !== null,
        generalConsentRecorded: loan.generalConsent !== null,
        tcpaConsentRecorded: loan.tcpaConsent !== null,
        tcpaConsent: loan.tcpaConsent,
        selectedQuoteId: loan.selectedQuoteId,
        policyIds: [...loan.policyIds],
        contacts: [...loan.contacts],
        externalInsurance: loan.externalInsurance,
      };
    },
    invalidateTokens: () => jwt.rotate(),
    seedLoan: (overrides, seedOptions) =>
      seedLoan(rt, { clients, publicOrigin: options.publicOrigin }, overrides, seedOptions),
    whenQuoting: (loanId) => quoting.whenQuoting(loanId),
    injectFault: (fault) => {
      faults.push({ ...fault });
    },
    dispose: () => clock.dispose(),
  };
}
