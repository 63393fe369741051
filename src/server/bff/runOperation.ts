import { ConsentRequiredError } from '../../core/errors/ConsentRequiredError.js';
import { InsuranceError } from '../../core/errors/InsuranceError.js';
import { NetworkError } from '../../core/errors/NetworkError.js';
import { TimeoutError } from '../../core/errors/TimeoutError.js';
import { operations } from '../../core/operations.js';
import type { ConsentRecord } from '../../core/schemas/consentRecord.js';
import type { Loan } from '../../core/schemas/loan.js';
import type { Policy } from '../../core/schemas/policy.js';
import type { ClientOperationName } from '../client/ServiceClient.js';
import type { AuthorizedIds } from './authorizeOperation.js';
import type { BffContext } from './BffContext.js';
import { callUpstream } from './callUpstream.js';
import type { ThrottleSlot } from './createCallThrottle.js';
import { filterPolicyDocuments } from './filterPolicyDocuments.js';
import { jsonResponse } from './jsonResponse.js';
import { pollLoanEvents } from './pollLoanEvents.js';
import { readEventCursor } from './readEventCursor.js';
import type { ResolvedRoute } from './resolveRoute.js';
import { streamLoanEvents } from './streamLoanEvents.js';
import { stripInternalFields } from './stripInternalFields.js';
import { takeSessionSlot } from './takeSessionSlot.js';

const isRefusal = (error: unknown) =>
  error instanceof InsuranceError &&
  !(error instanceof TimeoutError || error instanceof NetworkError) &&
  error.status !== undefined &&
  error.status >= 400 &&
  error.status < 500;

/** An authorized, validated request, ready to be answered. */
export interface OperationRequest<S extends { id: string }> {
  route: ResolvedRoute;
  ids: AuthorizedIds;
  /** The cleaned body (the output of the row's input schema), if the row takes one. */
  input: unknown;
  session: S;
  request: Request;
  url: URL;
}

/**
 * Answers an authorized, validated request: the BFF's own operations (TCPA consent read, loan
 * events) from the store and relay; the others through the service client, with the per-session
 * share, the TCPA gate, the call-me-now throttle, the loan cache and the post-processing their
 * rows need (binding a new loan, remembering a consent, filtering document URLs).
 */
export async function runOperation<S extends { id: string }>(
  ctx: BffContext<S>,
  op: OperationRequest<S>,
): Promise<Response> {
  const { route, ids, session, request } = op;
  const name = route.name;
  // Every row but submit names a loan (authorization resolved a policy to its loan).
  const loanId = ids.loanId as string;

  switch (name) {
    case 'getTcpaConsent': {
      const consent = await ctx.consents.read(loanId);
      return jsonResponse({ recorded: consent !== null, consent });
    }
    case 'loanEvents': {
      const cursor = readEventCursor(request, op.url);
      if (!(request.headers.get('accept') ?? '').includes('text/event-stream')) {
        return pollLoanEvents(ctx.relay, loanId, cursor);
      }
      return streamLoanEvents({
        relay: ctx.relay,
        loanId,
        cursor,
        heartbeatMs: ctx.heartbeatMs,
        signal: request.signal,
        logger: ctx.logger,
        open: ctx.openStreams,
      });
    }
    case 'getLoan': {
      await ctx.followingEvents.catch(() => undefined);
      // Only a read that will reach the service spends the session's share.
      if (!ctx.loanCache.has(loanId))
        await takeSessionSlot(ctx.store, session.id, ctx.sessionRateLimit);
      const loan = await ctx.loanCache.get(
        loanId,
        (signal) =>
          callUpstream(ctx.client, 'getLoan', { params: route.params, signal }) as Promise<Loan>,
        request.signal,
      );
      return jsonResponse(stripInternalFields(loan));
    }
  }

  const upstreamName = name as ClientOperationName;
  const row = operations[upstreamName];
  if (row.rateLimited) await takeSessionSlot(ctx.store, session.id, ctx.sessionRateLimit);
  if (row.requiresTcpaConsent && (await ctx.consents.read(loanId)) === null) {
    throw new ConsentRequiredError('tcpa');
  }
  let slot: ThrottleSlot | undefined;
  if (name === 'callMeNow') slot = await ctx.callThrottle.take(loanId);

  let output: unknown;
  try {
    output = await callUpstream(ctx.client, upstreamName, {
      params: route.params,
      body: op.input,
      signal: request.signal,
    });
  } catch (error) {
    // A refusal means no advisor was asked, so the borrower may try again at once; after a
    // timeout, a lost connection or a 5xx the phone may be ringing already, so the window holds.
    if (slot && isRefusal(error)) await slot.release();
    throw error;
  }

  // A write through the BFF changes what a loan read answers: do not serve the old copy.
  if (request.method !== 'GET' && ids.loanId !== undefined) ctx.loanCache.invalidate(ids.loanId);
  switch (name) {
    case 'submitLoanApplication': {
      const loan = output as Loan;
      await ctx.relay.linkExternalId(
        loan.externalId ?? loan.loanNumber,
        loan.id,
        ctx.client.partnerId,
      );
      await ctx.onLoanCreated?.({ session, loan, request });
      return jsonResponse(stripInternalFields(loan), 201);
    }
    case 'recordTcpaConsent':
      await ctx.consents.record(loanId, output as ConsentRecord);
      break;
    case 'getPolicy': {
      const { policy, dropped } = filterPolicyDocuments(output as Policy, ctx.documentHosts);
      if (dropped > 0) {
        ctx.logger.warn('insurance bff: unsafe document URLs dropped', {
          policyId: ids.policyId,
          dropped,
        });
      }
      return jsonResponse(stripInternalFields(policy));
    }
  }
  if (output === undefined) return new Response(null, { status: 204 });
  return jsonResponse(stripInternalFields(output));
}
