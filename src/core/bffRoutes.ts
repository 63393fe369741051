import type { PathId } from './paths.js';

/** HTTP methods the service and the BFF use. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH';

/** A method and a path template (`{loanId}`, `{quoteId}`, `{policyId}` placeholders). */
export interface Route {
  readonly method: HttpMethod;
  readonly path: string;
}

/** What a browser needs of an operation to call it through the BFF (a part of its table row). */
export interface BffRoute {
  /** The BFF's route, relative to the BFF's base path; `null` when a browser may not call it. */
  readonly bff: Route | null;
  /** The ids the operation takes, in the BFF path (and in the service path unless `loanIdInBody`). */
  readonly pathIds: readonly PathId[];
  /** The service takes the loan id as `id` in the body rather than in the path. */
  readonly loanIdInBody: boolean;
  /** Safe to repeat, so retried on 5xx and network failures. */
  readonly idempotent: boolean;
}

const defaults = { pathIds: [], loanIdInBody: false, idempotent: false } as const;

// Generic so each row keeps its literal types (a null route).
const row = <const R extends Partial<BffRoute> & Pick<BffRoute, 'bff'>>(
  r: R,
): Omit<typeof defaults, keyof R> & R => ({ ...defaults, ...r });

const get = (path: string) => ({ method: 'GET', path }) as const;
const post = (path: string) => ({ method: 'POST', path }) as const;
const put = (path: string) => ({ method: 'PUT', path }) as const;
const patch = (path: string) => ({ method: 'PATCH', path }) as const;
const loan = ['loanId'] as const;

/**
 * Where the BFF is mounted unless a host says otherwise; the table's BFF paths are relative to it.
 * The BFF, the HTTP adapter, the mock BFF and the MSW scenarios all default to it.
 */
export const DEFAULT_BFF_BASE_PATH = '/api/insurance';

/**
 * The header every non-GET request to the BFF carries (a custom header a cross-site form cannot
 * send); the BFF refuses writes without it. Both sides default to it.
 */
export const DEFAULT_CSRF_HEADER = { name: 'X-LIR-CSRF', value: '1' } as const;

/** A base path without its trailing slashes, so `${base}${path}` never gives `//loans`. */
export const trimBasePath = (basePath: string) => basePath.replace(/\/+$/, '');

/**
 * The browser's half of the operation table (`operationRoutes` adds the service's half): each
 * operation's BFF route, its ids and whether it is safe to repeat. The BFF takes the loan id in
 * the path even where the service takes it in the body, so authorization is always decided on
 * the path. Kept apart so the HTTP adapter carries no more of the table than it uses.
 */
export const bffRoutes = {
  createToken: row({
    bff: null,
    idempotent: true,
  }),
  submitLoanApplication: row({
    bff: post('/loans'),
  }),
  getLoan: row({
    bff: get('/loans/{loanId}'),
    pathIds: loan,
    idempotent: true,
  }),
  recordConsent: row({
    bff: post('/loans/{loanId}/consent'),
    pathIds: loan,
    loanIdInBody: true,
  }),
  recordTcpaConsent: row({
    bff: post('/loans/{loanId}/consent/tcpa'),
    pathIds: loan,
    loanIdInBody: true,
  }),
  recordGeneralConsent: row({
    bff: post('/loans/{loanId}/consent/general'),
    pathIds: loan,
    loanIdInBody: true,
  }),
  shopLoan: row({
    bff: patch('/loans/{loanId}/shop'),
    pathIds: loan,
  }),
  getShoppedLoan: row({
    bff: get('/loans/{loanId}/shop'),
    pathIds: loan,
    idempotent: true,
  }),
  getQuoteDisplay: row({
    bff: get('/loans/{loanId}/display'),
    pathIds: loan,
    idempotent: true,
  }),
  selectQuote: row({
    bff: post('/loans/{loanId}/quotes/{quoteId}/select'),
    pathIds: ['loanId', 'quoteId'],
  }),
  scheduleCall: row({
    bff: post('/loans/{loanId}/schedule-call'),
    pathIds: loan,
    loanIdInBody: true,
  }),
  callMeNow: row({
    bff: post('/loans/{loanId}/call-me-now'),
    pathIds: loan,
    loanIdInBody: true,
  }),
  getPolicy: row({
    bff: get('/policies/{policyId}'),
    pathIds: ['policyId'],
    idempotent: true,
  }),
  initiatePolicyRetrieval: row({
    bff: patch('/loans/{loanId}/retrieve'),
    pathIds: loan,
  }),
  closeLoan: row({
    bff: patch('/loans/{loanId}/close'),
    pathIds: loan,
    idempotent: true,
  }),
  updateLoanContacts: row({
    bff: put('/loans/{loanId}/loan-contacts'),
    pathIds: loan,
    idempotent: true,
  }),
  updateCurrentInsurance: row({
    bff: put('/loans/{loanId}/current-insurance'),
    pathIds: loan,
    idempotent: true,
  }),
  getTcpaConsent: row({
    bff: get('/loans/{loanId}/consent/tcpa'),
    pathIds: loan,
    idempotent: true,
  }),
  loanEvents: row({
    bff: get('/loans/{loanId}/events'),
    pathIds: loan,
    idempotent: true,
  }),
} as const;
