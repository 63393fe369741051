import type { BffRoute, Route } from '../core/bffRoutes.js';
import { bffRoutes } from '../core/bffRoutes.js';
import { NetworkError } from '../core/errors/NetworkError.js';
import type { BffOperationName } from '../core/operations.js';
import type { PathParams } from '../core/paths.js';
import { createEventHub } from './createEventHub.js';
import type { HttpAdapterOptions } from './HttpAdapterOptions.js';
import type { AdapterCallOptions, InsuranceAdapter } from './InsuranceAdapter.js';
import { LOAD_FAILED, loadDeferred } from './loadDeferred.js';
import { operationPath } from './operationPath.js';
import { resolveHttpConfig } from './resolveHttpConfig.js';

/**
 * The {@link InsuranceAdapter} that talks to the BFF (`createInsuranceBff`) over HTTP: one
 * request per call, routed by the operation table, with typed errors; loan events over
 * server-sent events with a polling fallback. It never retries by itself: React Query and the
 * hooks decide, with the same idempotency key for the same intent.
 *
 * It takes the BFF's answers as they come: the BFF has read the service's answers with the
 * core's tolerant parsers and sends only the fields the library knows, each in one spelling
 * (`selectedQuoteId` and `selected` on every quote of a display, a policy's `coverages` as a
 * list, `retrievalUrl`). A BFF of the host's own must answer in that shape. What it still checks
 * is that an answer is the BFF's at all (JSON, the BFF's error bodies).
 *
 * Safe to create during server rendering: nothing touches `fetch` or the network until a method
 * is called. In a browser, creating it starts loading the code that sends and reads (a lazy
 * chunk of the host's bundle), so the page's first download stays small.
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
  // In a browser, what sends requests and reads answers and events starts loading now, while the
  // page renders: not in its first download, and rarely waited for. On a server, on first use.
  if (typeof window !== 'undefined') loadDeferred().catch(() => undefined);

  async function call<T>(
    name: BffOperationName,
    params: PathParams,
    body: unknown,
    callOptions: AdapterCallOptions | undefined,
  ): Promise<T> {
    const row: BffRoute & { bff: Route } = bffRoutes[name];
    const path = operationPath(name, params);
    // Sending and reading are loaded code: requested when the adapter is created, so the first
    // request rarely waits for them.
    const deferred = await loadDeferred().catch((error: unknown) => {
      throw new NetworkError(LOAD_FAILED, error);
    });
    // The BFF honours a key only on the writes that are not idempotent by nature (POSTs, shop,
    // retrieve); a PUT or a close repeats harmlessly without one.
    const idempotencyKey =
      row.bff.method !== 'GET' && !row.idempotent
        ? deferred.writeIdempotencyKey(callOptions?.idempotencyKey)
        : undefined;
    const value = await deferred.sendRequest(
      config,
      { method: row.bff.method, path, accept: 'application/json', body, idempotencyKey },
      callOptions?.signal,
    );
    // An empty answer (204) is read as an empty one, as the BFF reads the service's.
    return (value ?? {}) as T;
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
