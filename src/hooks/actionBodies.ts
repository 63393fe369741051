import type { QueryClient } from '@tanstack/react-query';
import type { GenericSchema, InferOutput } from 'valibot';
import type { AdapterCallOptions, InsuranceAdapter } from '../adapter/InsuranceAdapter.js';
import { ConsentRequiredError } from '../core/errors/ConsentRequiredError.js';
import { ServiceError } from '../core/errors/ServiceError.js';
import { isSafeDocumentUrl } from '../core/isSafeDocumentUrl.js';
import type { LoanStatusValue } from '../core/loanStatus.js';
import { isQuoting } from '../core/loanStatus.js';
import type { CallMeNowInput } from '../core/schemas/callMeNowInput.js';
import type { CloseLoanInput } from '../core/schemas/closeLoanInput.js';
import type { ConsentInput } from '../core/schemas/consentInput.js';
import type { Loan } from '../core/schemas/loan.js';
import type { LoanApplicationInput } from '../core/schemas/loanApplicationInput.js';
import type { ScheduleCallInput } from '../core/schemas/scheduleCallInput.js';
import type { InsuranceKeys } from './insuranceKeys.js';
import type { InsuranceQueries } from './insuranceQueries.js';
import { intentKeys } from './intentKeys.js';

/**
 * What an action body works with. The keys and queries come with it rather than by import, so
 * that this lazily loaded module shares no code with the hooks but the error classes.
 */
export interface ActionContext {
  adapter: InsuranceAdapter;
  client: QueryClient;
  keys: InsuranceKeys;
  queries: InsuranceQueries;
  loanId: string;
  signal: AbortSignal | undefined;
}

/** Which consent an action records. */
export type ConsentOperation = 'consent' | 'tcpa' | 'general';

const CONSENT_METHODS = {
  consent: 'recordConsent',
  tcpa: 'recordTcpaConsent',
  general: 'recordGeneralConsent',
} as const;

type ActionInputs = typeof import('./actionInputs.js');

/**
 * The input checked with its schema before anything is sent: the schemas and valibot load at
 * the first action that checks one, all together, apart from this module.
 */
async function validate<TSchema extends GenericSchema>(
  schemaOf: (inputs: ActionInputs) => TSchema,
  value: unknown,
): Promise<InferOutput<TSchema>> {
  const inputs = await import('./actionInputs.js');
  return inputs.validateInput(schemaOf(inputs), value);
}

// One intent, one key, on every send until it succeeds (U4, U5).
async function send<T>(
  { signal }: ActionContext,
  intent: unknown[],
  run: (options: AdapterCallOptions) => Promise<T>,
): Promise<T> {
  const result = await run({ idempotencyKey: intentKeys.get(intent), signal });
  intentKeys.clear(intent);
  return result;
}

// A call needs TCPA consent: refused without a request while it is known to be missing, and
// when the server refuses for want of it, the cache learns it was wrong.
async function withTcpaConsent<T>(c: ActionContext, call: () => Promise<T>): Promise<T> {
  try {
    const { recorded } = await c.client.ensureQueryData(c.queries.tcpaConsent(c.loanId));
    if (!recorded) throw new ConsentRequiredError('tcpa');
    return await call();
  } catch (error) {
    if (error instanceof ConsentRequiredError)
      c.client.setQueryData(c.keys.tcpaConsent(c.loanId), { recorded: false, consent: null });
    throw error;
  }
}

/**
 * What the mutations of `insuranceMutations` do: validate, send with the intent's key, update
 * the cache with the answer. Loaded on the first action rather than with the hooks: a page that
 * only reads never needs it.
 */
export const actionBodies = {
  async createLoanApplication(c: ActionContext, input: LoanApplicationInput) {
    const valid = (await validate(
      (m) => m.LoanApplicationInputSchema,
      input,
    )) as LoanApplicationInput;
    // The key names this exact application: a reload or a second tab re-sending it gets the
    // same key, hence the same loan.
    const loan = await send(c, ['createLoanApplication', valid], (o) =>
      c.adapter.createLoanApplication(valid, o),
    );
    c.client.setQueryData(c.keys.loan(loan.id), loan);
    return loan;
  },
  async recordConsent(c: ActionContext, input: ConsentInput, kind: ConsentOperation = 'consent') {
    const valid = await validate((m) => m.ConsentInputSchema, input);
    const method = CONSENT_METHODS[kind];
    const consent = await send(c, [method, valid], (o) => c.adapter[method](valid, o));
    // The loan is the one asked about (the answer's own id is not always there).
    if (kind === 'tcpa')
      c.client.setQueryData(c.keys.tcpaConsent(valid.id), {
        recorded: true,
        consent,
      });
    return consent;
  },
  async shop(c: ActionContext) {
    const result = await send(c, ['shop', c.loanId], (o) => c.adapter.shopLoan(c.loanId, o));
    const { keys } = c;
    // A 2xx shop means quoting started, whatever status it echoes (the documented answer echoes
    // NOT_YET_RATED): the loan is quoting at once (no read: the loan read is rate limited), and
    // the outcome comes with the `loan.shopped` event.
    const status = isQuoting(result.status) ? (result.status as LoanStatusValue) : 'RC1_RATING';
    c.client.setQueryData<Loan>(
      keys.loan(c.loanId),
      (loan) =>
        loan && {
          ...loan,
          status,
          hostedDisplayUrl: result.hostedDisplayUrl || loan.hostedDisplayUrl,
        },
    );
    // The quotes of a previous round are about to be replaced.
    void c.client.invalidateQueries({ queryKey: keys.shoppedLoan(c.loanId) });
    void c.client.invalidateQueries({ queryKey: keys.quoteDisplay(c.loanId) });
    return result;
  },
  selectQuote: (c: ActionContext, quoteId: string) =>
    send(c, ['selectQuote', c.loanId, quoteId], (o) => c.adapter.selectQuote(c.loanId, quoteId, o)),
  scheduleCall: (c: ActionContext, input: Omit<ScheduleCallInput, 'id'>) =>
    withTcpaConsent(c, async () => {
      const valid = await validate((m) => m.ScheduleCallInputSchema, { ...input, id: c.loanId });
      return send(c, ['scheduleCall', valid], (o) => c.adapter.scheduleCall(valid, o));
    }),
  callMeNow: (c: ActionContext, input: Omit<CallMeNowInput, 'id'> | undefined) =>
    withTcpaConsent(c, async () => {
      const valid = await validate((m) => m.CallMeNowInputSchema, { ...input, id: c.loanId });
      return send(c, ['callMeNow', valid], (o) => c.adapter.callMeNow(valid, o));
    }),
  initiatePolicyRetrieval: (c: ActionContext) =>
    send(c, ['initiatePolicyRetrieval', c.loanId], async (o) => {
      const retrieval = await c.adapter.initiatePolicyRetrieval(c.loanId, o);
      // It becomes a link: a `javascript:` URL must never get there.
      if (!isSafeDocumentUrl(retrieval.retrievalUrl))
        throw new ServiceError(502, 'invalid_response', 'The retrieval URL is not safe');
      return retrieval;
    }),
  async closeLoan(c: ActionContext, input: CloseLoanInput | undefined) {
    const valid = input && (await validate((m) => m.CloseLoanInputSchema, input));
    // Closing twice is harmless (the operation is idempotent): no key needed.
    const result = await c.adapter.closeLoan(c.loanId, valid, { signal: c.signal });
    void c.client.invalidateQueries({ queryKey: c.keys.loan(c.loanId) });
    return result;
  },
};

/** The type of {@link actionBodies}. */
export type ActionBodies = typeof actionBodies;
