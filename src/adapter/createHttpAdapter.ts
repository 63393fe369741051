import { ValidationError } from '../core/errors/ValidationError.js';
import { IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_KEY_RULE } from '../core/ids.js';
import type { BffOperationName, OperationDefinition, Route } from '../core/operations.js';
import { operations } from '../core/operations.js';
import { parseResponse } from '../core/parseResponse.js';
import type { PathParams } from '../core/paths.js';
import { createEventHub } from './createEventHub.js';
import type { HttpAdapterOptions } from './HttpAdapterOptions.js';
import type { AdapterCallOptions, InsuranceAdapter } from './InsuranceAdapter.js';
import { newIdempotencyKey } from './newIdempotencyKey.js';
import { operationPath } from './operationPath.js';
import { resolveHttpConfig } from './resolveHttpConfig.js';
import { sendRequest } from './sendRequest.js';

/**
 * The {@link InsuranceAdapter} that talks to the BFF (`createInsuranceBff`) over HTTP: one
 * request per call, routed by the operation table, answered with the core's tolerant parsers and
 * typed errors; loan events over server-sent events with a polling fallback. It never retries
 * by itself: React Query and the hooks decide, with the same idempotency key for the same intent.
 *
 * Safe to create during server rendering: nothing touches `window`, `fetch` or the network until
 * a method is called.
 *
 * @example
 * ```ts
 * import { createHttpAdapter } from 'lender-insurance-react';
 *
 * const adapter = createHttpAdapter({
 *   baseUrl: '/api/insurance',
 *   headers: () => ({ Authorization: `Bearer ${portalSession.token}` }),
 * });
 * const loan = await adapter.createLoanApplication(application, { idempotencyKey: intentId });
 * const stop = adapter.subscribe(loan.id, (event) => console.log(event.type));
 * ```
 */
export function createHttpAdapter(options?: HttpAdapterOptions): InsuranceAdapter {
  const config = resolveHttpConfig(options);

  async function call<T>(
    name: BffOperationName,
    params: PathParams,
    body: unknown,
    callOptions: AdapterCallOptions | undefined,
  ): Promise<T> {
    const row: OperationDefinition & { bff: Route } = operations[name];
    const path = operationPath(name, params);
    // The BFF honours a key only on the writes that are not idempotent by nature (POSTs, shop,
    // retrieve); a PUT or a close repeats harmlessly without one.
    let idempotencyKey: string | undefined;
    if (row.bff.method !== 'GET' && !row.idempotent) {
      idempotencyKey = callOptions?.idempotencyKey ?? newIdempotencyKey();
      // Checked here so a bad key from a host fails before anything is sent, not as a 400 after.
      if (!IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
        throw new ValidationError([
          {
            path: 'idempotencyKey',
            message: `Idempotency key must be ${IDEMPOTENCY_KEY_RULE}`,
          },
        ]);
      }
    }
    const value = await sendRequest(
      config,
      { method: row.bff.method, path, accept: 'application/json', body, idempotencyKey },
      callOptions?.signal,
    );
    // An empty answer (204) to an operation that documents a body is read as an empty one.
    return (row.output ? parseResponse(row.output, value ?? {}) : value) as T;
  }

  // Each method's result type comes from the contract the returned object is checked against.
  const byId =
    <T>(name: BffOperationName) =>
    (loanId: string, o?: AdapterCallOptions) =>
      call<T>(name, { loanId }, undefined, o);
  // The consent, schedule and call rows take the loan id in the body; the BFF takes it in the
  // path too (authorization is decided there), so it is copied from the body.
  const withIdInBody =
    <T>(name: BffOperationName) =>
    (input: { id: string }, o?: AdapterCallOptions) =>
      call<T>(name, { loanId: input?.id }, input, o);

  return {
    createLoanApplication: (input, o) => call('submitLoanApplication', {}, input, o),
    getLoan: byId('getLoan'),
    recordConsent: withIdInBody('recordConsent'),
    recordTcpaConsent: withIdInBody('recordTcpaConsent'),
    recordGeneralConsent: withIdInBody('recordGeneralConsent'),
    getTcpaConsent: byId('getTcpaConsent'),
    shopLoan: byId('shopLoan'),
    getShoppedLoan: byId('getShoppedLoan'),
    getQuoteDisplay: byId('getQuoteDisplay'),
    selectQuote: (loanId, quoteId, o) => call('selectQuote', { loanId, quoteId }, undefined, o),
    scheduleCall: withIdInBody('scheduleCall'),
    callMeNow: withIdInBody('callMeNow'),
    getPolicy: (policyId, o) => call('getPolicy', { policyId }, undefined, o),
    initiatePolicyRetrieval: byId('initiatePolicyRetrieval'),
    closeLoan: (loanId, input, o) => call('closeLoan', { loanId }, input, o),
    async updateLoanContacts(loanId, contacts, o) {
      await call('updateLoanContacts', { loanId }, contacts, o);
    },
    updateCurrentInsurance: (loanId, input, o) =>
      call('updateCurrentInsurance', { loanId }, input, o),
    subscribe: createEventHub(config),
  };
}
