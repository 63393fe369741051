import type { BffRoute, Route } from './bffRoutes.js';
import { bffRoutes } from './bffRoutes.js';
import type { PathId } from './paths.js';

export type { BffRoute, HttpMethod, Route } from './bffRoutes.js';
export { DEFAULT_BFF_BASE_PATH, DEFAULT_CSRF_HEADER, trimBasePath } from './bffRoutes.js';

/**
 * One row of the operation table without its schemas (see `OperationDefinition`): the BFF's
 * half (`BffRoute`) and the service's.
 */
export interface OperationRoute extends BffRoute {
  /** The service's route, relative to its base URL (which includes its path prefix). */
  readonly upstream: Route | null;
  /** Counts against the service's per-partner limit of 100 requests per 60 s. */
  readonly rateLimited: boolean;
  /** The service refuses it until TCPA consent is recorded for the loan application. */
  readonly requiresTcpaConsent: boolean;
  /** The body may be left out (every field of its input schema is optional). */
  readonly optionalBody: boolean;
  /**
   * Body fields only the server sets: the BFF never takes them from a browser (it drops them
   * and logs it). `externalId` names an application in webhook events, so a browser choosing it
   * could claim another borrower's policy.
   */
  readonly serverAssigned: readonly string[];
  /**
   * Fields of the answer that must echo a path id when present (`{ id: 'loanId' }`): an answer
   * about another loan or policy than the one asked for is refused (502), never passed on.
   */
  readonly echoes: Readonly<Partial<Record<string, PathId>>>;
}

type Name = keyof typeof bffRoutes;
type ServiceHalf = Omit<OperationRoute, keyof BffRoute>;

const defaults = {
  rateLimited: false,
  requiresTcpaConsent: false,
  optionalBody: false,
  serverAssigned: [],
  echoes: {},
} as const;

// Generic so each row keeps its literal types (a null upstream, its BFF half).
const row = <N extends Name, const R extends Partial<ServiceHalf> & Pick<ServiceHalf, 'upstream'>>(
  name: N,
  r: R,
): Omit<typeof defaults, keyof R> & (typeof bffRoutes)[N] & R => ({
  ...defaults,
  ...bffRoutes[name],
  ...r,
});

const get = (path: string) => ({ method: 'GET', path }) as const;
const post = (path: string) => ({ method: 'POST', path }) as const;
const put = (path: string) => ({ method: 'PUT', path }) as const;
const patch = (path: string) => ({ method: 'PATCH', path }) as const;

/**
 * The routes of the operation table (`operations`, which adds each answer's parser): every
 * operation of the service, and the BFF route that exposes it to browsers (`bffRoutes`). The service client,
 * the BFF router, the HTTP adapter, the sandbox and the MSW handlers are all driven by it; no
 * other module spells a path.
 *
 * Where the service's documentation lists several spellings, the default here is the one its
 * reference pages and rate-limit list agree on. The BFF takes the loan id in the path even where
 * the service takes it in the body, so authorization is always decided on the path.
 */
export const operationRoutes = {
  createToken: row('createToken', {
    upstream: post('/v1/auth/token'),
  }),
  submitLoanApplication: row('submitLoanApplication', {
    upstream: post('/v1/loans'),
    rateLimited: true,
    serverAssigned: ['externalId'],
  }),
  getLoan: row('getLoan', {
    upstream: get('/v1/loans/{loanId}'),
    rateLimited: true,
    echoes: { id: 'loanId' },
  }),
  recordConsent: row('recordConsent', {
    upstream: post('/v1/loans/consent'),
    echoes: { id: 'loanId' },
  }),
  recordTcpaConsent: row('recordTcpaConsent', {
    upstream: post('/v1/loans/consent/tcpa'),
    echoes: { id: 'loanId' },
  }),
  recordGeneralConsent: row('recordGeneralConsent', {
    upstream: post('/v1/loans/consent/general'),
    echoes: { id: 'loanId' },
  }),
  shopLoan: row('shopLoan', {
    upstream: patch('/v1/loans/{loanId}/shop'),
    rateLimited: true,
    echoes: { id: 'loanId' },
  }),
  getShoppedLoan: row('getShoppedLoan', {
    upstream: get('/v1/loans/{loanId}/shop'),
    echoes: { id: 'loanId' },
  }),
  getQuoteDisplay: row('getQuoteDisplay', {
    upstream: get('/v1/loans/{loanId}/display'),
    echoes: { id: 'loanId' },
  }),
  selectQuote: row('selectQuote', {
    upstream: post('/v1/loans/{loanId}/quotes/{quoteId}/select'),
    echoes: { quoteId: 'quoteId' },
  }),
  scheduleCall: row('scheduleCall', {
    upstream: post('/v1/loans/schedule_call'),
    requiresTcpaConsent: true,
  }),
  callMeNow: row('callMeNow', {
    upstream: post('/v1/loans/call_me_now'),
    requiresTcpaConsent: true,
  }),
  getPolicy: row('getPolicy', {
    upstream: get('/v1/policies/{policyId}'),
    echoes: { id: 'policyId' },
  }),
  // The service names this id `{id}` under /policies, but retrieval starts before any policy
  // exists: it is the loan application's id.
  initiatePolicyRetrieval: row('initiatePolicyRetrieval', {
    upstream: patch('/v1/policies/{loanId}/retrieve'),
    echoes: { id: 'loanId' },
  }),
  closeLoan: row('closeLoan', {
    upstream: patch('/v1/loans/{loanId}/close'),
    optionalBody: true,
  }),
  updateLoanContacts: row('updateLoanContacts', {
    upstream: put('/v1/loans/{loanId}/loan-contacts'),
  }),
  // Body `{ currentInsurancePolicies: [...] }`; answers the stored policies. Its `id` is not
  // documented as the loan's, so it is not checked against the path.
  updateCurrentInsurance: row('updateCurrentInsurance', {
    upstream: put('/v1/loans/{loanId}/current-insurance'),
  }),
  /**
   * The BFF's record of the TCPA consent it forwarded for a loan (the service has no read for
   * it), so a browser can tell whether calls are allowed before offering them.
   */
  getTcpaConsent: row('getTcpaConsent', {
    upstream: null,
  }),
  /** The BFF's own stream of a loan's events (server-sent events, or JSON with `?after=`). */
  loanEvents: row('loanEvents', {
    upstream: null,
  }),
} as const;
