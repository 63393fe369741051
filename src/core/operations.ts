import type { GenericSchema } from 'valibot';
import type { PathId } from './paths.js';
import { ConsentRecordSchema } from './schemas/consentRecord.js';
import { CurrentInsuranceSchema } from './schemas/currentInsurance.js';
import { LoanSchema } from './schemas/loan.js';
import { TcpaConsentStatusSchema } from './schemas/loanEvent.js';
import { PolicySchema } from './schemas/policy.js';
import { PolicyRetrievalSchema } from './schemas/policyRetrieval.js';
import { QuoteDisplaySchema } from './schemas/quoteDisplay.js';
import { ShoppedLoanSchema } from './schemas/shoppedLoan.js';
import { ShopResultSchema } from './schemas/shopResult.js';
import { SuccessResultSchema } from './schemas/successResult.js';
import { TokenResponseSchema } from './schemas/tokenResponse.js';

/** HTTP methods the service and the BFF use. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH';

/** A method and a path template (`{loanId}`, `{quoteId}`, `{policyId}` placeholders). */
export interface Route {
  readonly method: HttpMethod;
  readonly path: string;
}

/** One row of the operation table. */
export interface OperationDefinition {
  /** The service's route, relative to its base URL (which includes its path prefix). */
  readonly upstream: Route | null;
  /** The BFF's route, relative to the BFF's base path; `null` when a browser may not call it. */
  readonly bff: Route | null;
  /** The ids the operation takes, in the BFF path (and in the service path unless `loanIdInBody`). */
  readonly pathIds: readonly PathId[];
  /** The service takes the loan id as `id` in the body rather than in the path. */
  readonly loanIdInBody: boolean;
  /** Counts against the service's per-partner limit of 100 requests per 60 s. */
  readonly rateLimited: boolean;
  /** The service refuses it until TCPA consent is recorded for the loan application. */
  readonly requiresTcpaConsent: boolean;
  /** Safe to repeat, so retried on 5xx and network failures. */
  readonly idempotent: boolean;
  /**
   * Loads the request body's schema; `null` for no body. Loaded on first use so browser code
   * that only routes (the HTTP adapter) does not carry every input schema in its bundle.
   */
  readonly input: (() => Promise<GenericSchema>) | null;
  /** The body may be left out (every field of `input` is optional). */
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
  /** Tolerant parser of the success body; `null` when the service answers 204. */
  readonly output: GenericSchema | null;
}

const defaults = {
  pathIds: [],
  loanIdInBody: false,
  rateLimited: false,
  requiresTcpaConsent: false,
  idempotent: false,
  input: null,
  optionalBody: false,
  serverAssigned: [],
  echoes: {},
  output: null,
} as const;

// Generic so each row keeps its literal types (its schema, a null upstream).
const row = <
  const R extends Partial<OperationDefinition> & Pick<OperationDefinition, 'upstream' | 'bff'>,
>(
  r: R,
): Omit<typeof defaults, keyof R> & R => ({ ...defaults, ...r });

// A schema loaded on first use. Typed from the module and the export name so each row keeps its
// exact schema type (an inline arrow would be widened to GenericSchema by the row's constraint).
const lazy =
  <M, K extends keyof M>(load: () => Promise<M>, name: K): (() => Promise<M[K]>) =>
  () =>
    load().then((m) => m[name]);

// Input schemas, loaded on first use (declared apart so each row infers its exact type).
const tokenRequest = lazy(() => import('./schemas/tokenRequest.js'), 'TokenRequestSchema');
const consentInput = lazy(() => import('./schemas/consentInput.js'), 'ConsentInputSchema');
const callMeNowInput = lazy(() => import('./schemas/callMeNowInput.js'), 'CallMeNowInputSchema');
const closeLoanInput = lazy(() => import('./schemas/closeLoanInput.js'), 'CloseLoanInputSchema');
const scheduleCallInput = lazy(
  () => import('./schemas/scheduleCallInput.js'),
  'ScheduleCallInputSchema',
);
const loanApplicationRequest = lazy(
  () => import('./schemas/loanApplicationInput.js'),
  'LoanApplicationRequestSchema',
);
const currentInsuranceInput = lazy(
  () => import('./schemas/currentInsuranceInput.js'),
  'CurrentInsuranceInputSchema',
);
const loanContactsInput = lazy(() => import('./schemas/loanContact.js'), 'LoanContactsInputSchema');

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
 * THE operation table: every operation of the service, and the BFF route that exposes it to
 * browsers. The service client, the BFF router, the HTTP adapter, the sandbox and the MSW
 * handlers are all driven by it; no other module spells a path.
 *
 * Where the service's documentation lists several spellings, the default here is the one its
 * reference pages and rate-limit list agree on. The BFF takes the loan id in the path even where
 * the service takes it in the body, so authorization is always decided on the path.
 */
export const operations = {
  createToken: row({
    upstream: post('/v1/auth/token'),
    bff: null,
    idempotent: true,
    input: tokenRequest,
    output: TokenResponseSchema,
  }),
  submitLoanApplication: row({
    upstream: post('/v1/loans'),
    bff: post('/loans'),
    rateLimited: true,
    input: loanApplicationRequest,
    serverAssigned: ['externalId'],
    output: LoanSchema,
  }),
  getLoan: row({
    upstream: get('/v1/loans/{loanId}'),
    bff: get('/loans/{loanId}'),
    pathIds: loan,
    rateLimited: true,
    idempotent: true,
    echoes: { id: 'loanId' },
    output: LoanSchema,
  }),
  recordConsent: row({
    upstream: post('/v1/loans/consent'),
    bff: post('/loans/{loanId}/consent'),
    pathIds: loan,
    loanIdInBody: true,
    input: consentInput,
    echoes: { id: 'loanId' },
    output: ConsentRecordSchema,
  }),
  recordTcpaConsent: row({
    upstream: post('/v1/loans/consent/tcpa'),
    bff: post('/loans/{loanId}/consent/tcpa'),
    pathIds: loan,
    loanIdInBody: true,
    input: consentInput,
    echoes: { id: 'loanId' },
    output: ConsentRecordSchema,
  }),
  recordGeneralConsent: row({
    upstream: post('/v1/loans/consent/general'),
    bff: post('/loans/{loanId}/consent/general'),
    pathIds: loan,
    loanIdInBody: true,
    input: consentInput,
    echoes: { id: 'loanId' },
    output: ConsentRecordSchema,
  }),
  shopLoan: row({
    upstream: patch('/v1/loans/{loanId}/shop'),
    bff: patch('/loans/{loanId}/shop'),
    pathIds: loan,
    rateLimited: true,
    echoes: { id: 'loanId' },
    output: ShopResultSchema,
  }),
  getShoppedLoan: row({
    upstream: get('/v1/loans/{loanId}/shop'),
    bff: get('/loans/{loanId}/shop'),
    pathIds: loan,
    idempotent: true,
    echoes: { id: 'loanId' },
    output: ShoppedLoanSchema,
  }),
  getQuoteDisplay: row({
    upstream: get('/v1/loans/{loanId}/display'),
    bff: get('/loans/{loanId}/display'),
    pathIds: loan,
    idempotent: true,
    echoes: { id: 'loanId' },
    output: QuoteDisplaySchema,
  }),
  selectQuote: row({
    upstream: post('/v1/loans/{loanId}/quotes/{quoteId}/select'),
    bff: post('/loans/{loanId}/quotes/{quoteId}/select'),
    pathIds: ['loanId', 'quoteId'],
    echoes: { quoteId: 'quoteId' },
    output: SuccessResultSchema,
  }),
  scheduleCall: row({
    upstream: post('/v1/loans/schedule_call'),
    bff: post('/loans/{loanId}/schedule-call'),
    pathIds: loan,
    loanIdInBody: true,
    requiresTcpaConsent: true,
    input: scheduleCallInput,
    output: SuccessResultSchema,
  }),
  callMeNow: row({
    upstream: post('/v1/loans/call_me_now'),
    bff: post('/loans/{loanId}/call-me-now'),
    pathIds: loan,
    loanIdInBody: true,
    requiresTcpaConsent: true,
    input: callMeNowInput,
    output: SuccessResultSchema,
  }),
  getPolicy: row({
    upstream: get('/v1/policies/{policyId}'),
    bff: get('/policies/{policyId}'),
    pathIds: ['policyId'],
    idempotent: true,
    echoes: { id: 'policyId' },
    output: PolicySchema,
  }),
  // The service names this id `{id}` under /policies, but retrieval starts before any policy
  // exists: it is the loan application's id.
  initiatePolicyRetrieval: row({
    upstream: patch('/v1/policies/{loanId}/retrieve'),
    bff: patch('/loans/{loanId}/retrieve'),
    pathIds: loan,
    echoes: { id: 'loanId' },
    output: PolicyRetrievalSchema,
  }),
  closeLoan: row({
    upstream: patch('/v1/loans/{loanId}/close'),
    bff: patch('/loans/{loanId}/close'),
    pathIds: loan,
    idempotent: true,
    input: closeLoanInput,
    optionalBody: true,
    output: SuccessResultSchema,
  }),
  updateLoanContacts: row({
    upstream: put('/v1/loans/{loanId}/loan-contacts'),
    bff: put('/loans/{loanId}/loan-contacts'),
    pathIds: loan,
    idempotent: true,
    input: loanContactsInput,
  }),
  // Body `{ currentInsurancePolicies: [...] }`; answers the stored policies.
  updateCurrentInsurance: row({
    upstream: put('/v1/loans/{loanId}/current-insurance'),
    bff: put('/loans/{loanId}/current-insurance'),
    pathIds: loan,
    idempotent: true,
    input: currentInsuranceInput,
    echoes: { id: 'loanId' },
    output: CurrentInsuranceSchema,
  }),
  /**
   * The BFF's record of the TCPA consent it forwarded for a loan (the service has no read for
   * it), so a browser can tell whether calls are allowed before offering them.
   */
  getTcpaConsent: row({
    upstream: null,
    bff: get('/loans/{loanId}/consent/tcpa'),
    pathIds: loan,
    idempotent: true,
    output: TcpaConsentStatusSchema,
  }),
  /** The BFF's own stream of a loan's events (server-sent events, or JSON with `?after=`). */
  loanEvents: row({
    upstream: null,
    bff: get('/loans/{loanId}/events'),
    pathIds: loan,
    idempotent: true,
  }),
} as const;

/** The name of an operation in {@link operations}. */
export type OperationName = keyof typeof operations;

/** Every operation name, in table order. */
export const OPERATION_NAMES = Object.keys(operations) as OperationName[];

/** Operations the service itself implements (those with an upstream route). */
export type ServiceOperationName = {
  [K in OperationName]: (typeof operations)[K]['upstream'] extends null ? never : K;
}[OperationName];

/** Operations a browser may call through the BFF (those with a BFF route). */
export type BffOperationName = {
  [K in OperationName]: (typeof operations)[K]['bff'] extends null ? never : K;
}[OperationName];
