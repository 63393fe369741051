import { matchOperation } from '../../../src/core/matchOperation.js';
import type { PathParams } from '../../../src/core/paths.js';
import type { ServiceClientOptions } from '../../../src/server/client/ServiceClientOptions.js';
import { seededRandom } from '../../../src/testing/sandbox/prng.js';

/** A seeded PRNG in [0, 1) (mulberry32), for reproducible jitter. */
export { seededRandom };

export const BASE_URL = 'https://service.test/lenders';
export const CLIENT_ID = 'client_one';
export const CLIENT_SECRET = 'Sup3r-Secret-Value-9f8e7d';
/** A whole second, so second-granular times are exact. */
export const START = Date.UTC(2026, 2, 2, 15, 0, 0);
export const SECOND = 1_000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;

/** One request the fake service received. */
export interface RecordedRequest {
  /** `Date.now()` when it arrived (fake time). */
  at: number;
  method: string;
  url: string;
  /** Path below the base URL, e.g. `/v1/loans/ln_1`. */
  path: string;
  /** The operation it matched, or `unknown`. */
  operation: string;
  params: PathParams;
  headers: Headers;
  body: string;
  /** The bearer token, if any. */
  token: string | undefined;
  redirect: RequestRedirect | undefined;
  signal: AbortSignal | undefined;
}

/** A prepared answer: a Response, or a function of the request. */
export type Reply = Response | ((req: RecordedRequest) => Response | Promise<Response>);

/** A JSON response. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** A plain-text response (the service's documented 429 is `Rate limit exceeded`). */
export function text(body: string, status: number, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'text/plain', ...headers } });
}

/** The service's documented 429. */
export const rateLimited = (headers: Record<string, string> = {}) =>
  text('Rate limit exceeded', 429, headers);

/** Never answers; rejects with the signal's reason when it aborts, as a real fetch does. */
export function hang(req: RecordedRequest): Promise<Response> {
  return new Promise((_, reject) => {
    req.signal?.addEventListener('abort', () => reject(req.signal?.reason), { once: true });
  });
}

/** Rejects like a failed connection. */
export function networkFailure(): Promise<Response> {
  return Promise.reject(
    new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } as unknown as Error }),
  );
}

function base64url(value: string): string {
  return Buffer.from(value, 'utf8').toString('base64url');
}

/** A JWT-shaped token, distinct per `n` (tests search logs and errors for it). */
export function fakeJwt(n: number, partner: string | undefined): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const claims = base64url(JSON.stringify({ n, partner_id: partner ?? null, sub: CLIENT_ID }));
  return `${header}.${claims}.sig${n}x${base64url(String(n * 7919)).replace(/=/g, '')}`;
}

/** A valid loan application as the service returns it. */
export function loanBody(id: string) {
  return {
    id,
    loanNumber: `LN-${id}`,
    status: 'NOT_YET_RATED',
    borrowers: [{ firstName: 'Avery', lastName: 'Stone', isPrimary: true }],
    property: { address: { street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' } },
    currentInsurancePolicies: [],
    hostedDisplayUrl: '',
  };
}

function defaultReply(operation: string, params: PathParams): Response {
  const loanId = params.loanId ?? 'ln_new';
  switch (operation) {
    case 'submitLoanApplication':
      return json(loanBody('ln_new'), 201);
    case 'getLoan':
      return json(loanBody(loanId));
    case 'shopLoan':
      return json({ id: loanId, status: 'RC1_RATING', hostedDisplayUrl: '' });
    case 'getShoppedLoan':
    case 'getQuoteDisplay':
      return json({ id: loanId, status: 'RC1_RATED', hostedDisplayUrl: '', quotes: [] });
    case 'selectQuote':
      return json({ quoteId: params.quoteId, success: true });
    case 'scheduleCall':
    case 'callMeNow':
    case 'closeLoan':
      return json({ success: true });
    case 'recordConsent':
    case 'recordTcpaConsent':
    case 'recordGeneralConsent':
      return json({
        consent: true,
        consentDateTime: '2026-03-02T15:00:00',
        id: 'ln_1',
        termsOfServiceId: 'tos-1',
      });
    case 'getPolicy':
      return json({ id: params.policyId, documents: [] });
    case 'initiatePolicyRetrieval':
      return json({ id: loanId, retrievalUrl: 'https://service.test/retrieve/abc' });
    case 'updateLoanContacts':
    case 'updateCurrentInsurance':
      return new Response(null, { status: 204 });
    default:
      return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
  }
}

/** Options of {@link createFakeService}. */
export interface FakeServiceOptions {
  /** `expires_in` of issued tokens, or a function of the token number (1, 2, ...). */
  expiresIn?: number | ((n: number) => unknown);
  /** When set, operations answer 401 to tokens it refuses (`n` is the token number). */
  acceptToken?: (n: number, issuedAt: number, now: number) => boolean;
}

/** A scripted stand-in for the service: records requests, answers from scripts or defaults. */
export interface FakeService {
  fetch: typeof fetch;
  requests: RecordedRequest[];
  /** Tokens issued, in order. */
  issued: string[];
  /** Queues one-shot answers for an operation (`createToken` included); defaults afterwards. */
  script(operation: string, ...replies: Reply[]): void;
  /** Replaces the default answer of an operation. */
  setDefault(operation: string, reply: Reply): void;
  /** Requests of an operation. */
  of(operation: string): RecordedRequest[];
  /** Number of requests of an operation. */
  count(operation: string): number;
}

/** Creates a {@link FakeService}. */
export function createFakeService(options: FakeServiceOptions = {}): FakeService {
  const requests: RecordedRequest[] = [];
  const issued: string[] = [];
  const issuedAt = new Map<string, { n: number; at: number }>();
  const scripts = new Map<string, Reply[]>();
  const defaults = new Map<string, Reply>();

  const issueToken = (req: RecordedRequest): Response => {
    const partner = (JSON.parse(req.body) as { partner_id?: string }).partner_id;
    const n = issued.length + 1;
    const token = fakeJwt(n, partner);
    issued.push(token);
    issuedAt.set(token, { n, at: req.at });
    const expiresIn =
      typeof options.expiresIn === 'function'
        ? options.expiresIn(n)
        : (options.expiresIn ?? 86_400);
    return json({ access_token: token, expires_in: expiresIn, token_type: 'Bearer' });
  };

  const fakeFetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const path = url.startsWith(BASE_URL) ? url.slice(BASE_URL.length) : url;
    const method = init.method ?? 'GET';
    const match = matchOperation('upstream', method, path);
    const headers = new Headers(init.headers);
    const req: RecordedRequest = {
      at: Date.now(),
      method,
      url,
      path,
      operation: match.kind === 'matched' ? match.name : 'unknown',
      params: match.kind === 'matched' ? match.params : {},
      headers,
      body: typeof init.body === 'string' ? init.body : '',
      token: /^Bearer (.+)$/.exec(headers.get('authorization') ?? '')?.[1],
      redirect: init.redirect,
      signal: init.signal ?? undefined,
    };
    requests.push(req);
    req.signal?.throwIfAborted();
    const queued = scripts.get(req.operation);
    const reply = queued?.shift() ?? defaults.get(req.operation);
    if (reply) return typeof reply === 'function' ? reply(req) : reply;
    if (req.operation === 'createToken') return issueToken(req);
    if (options.acceptToken) {
      const known = req.token === undefined ? undefined : issuedAt.get(req.token);
      if (!known || !options.acceptToken(known.n, known.at, req.at)) {
        return json({ error: { code: 'unauthorized', message: 'Invalid access token' } }, 401);
      }
    }
    return defaultReply(req.operation, req.params);
  }) as typeof globalThis.fetch;

  return {
    fetch: fakeFetch,
    requests,
    issued,
    script(operation, ...replies) {
      scripts.set(operation, [...(scripts.get(operation) ?? []), ...replies]);
    },
    setDefault(operation, reply) {
      defaults.set(operation, reply);
    },
    of: (operation) => requests.filter((r) => r.operation === operation),
    count: (operation) => requests.filter((r) => r.operation === operation).length,
  };
}

/**
 * Client options for a fake service, with overrides. The rate limit's latency allowance is 0
 * unless given, so tests reason about exact windows; the allowance has a test of its own.
 */
export function clientOptions(
  service: FakeService,
  overrides: Partial<ServiceClientOptions> = {},
): ServiceClientOptions {
  return {
    baseUrl: BASE_URL,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    fetch: service.fetch,
    ...overrides,
    rateLimit: { latencyAllowanceMs: 0, ...overrides.rateLimit },
  };
}

/** What a promise came to, readable while fake time stands still. */
export interface Tracked<T> {
  settled: boolean;
  value?: T;
  error?: unknown;
  promise: Promise<void>;
}

/** Follows a promise without awaiting it (and without unhandled rejections). */
export function track<T>(promise: Promise<T>): Tracked<T> {
  const t: Tracked<T> = { settled: false, promise: Promise.resolve() };
  t.promise = promise.then(
    (value) => {
      t.settled = true;
      t.value = value;
    },
    (error: unknown) => {
      t.settled = true;
      t.error = error;
    },
  );
  return t;
}

/** A logger that keeps every line. */
export function captureLogger() {
  const lines: Array<{ level: 'warn' | 'error'; message: string; meta?: Record<string, unknown> }> =
    [];
  return {
    lines,
    warn(message: string, meta?: Record<string, unknown>) {
      lines.push({ level: 'warn', message, ...(meta ? { meta } : {}) });
    },
    error(message: string, meta?: Record<string, unknown>) {
      lines.push({ level: 'error', message, ...(meta ? { meta } : {}) });
    },
  };
}
