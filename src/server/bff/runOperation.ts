import { InsuranceError } from '../../core/errors/InsuranceError.js';
import { OutcomeUnknownError } from '../../core/errors/OutcomeUnknownError.js';
import { ValidationError } from '../../core/errors/ValidationError.js';
import { operations } from '../../core/operations.js';
import type { Loan } from '../../core/schemas/loan.js';
import { StoreUnavailableError } from '../store/StoreUnavailableError.js';
import type { BffContext } from './BffContext.js';
import { callUpstream } from './callUpstream.js';
import type { KeyedWrite, SendOutcome, StoredResult } from './createWriteJournal.js';
import { errorToResponse } from './errorToResponse.js';
import { jsonResult } from './jsonResult.js';
import type { OperationRequest } from './OperationRequest.js';
import type { OperationCall, SentCall } from './operationCall.js';
import { operationCall } from './operationCall.js';
import { pollLoanEvents } from './pollLoanEvents.js';
import { readEventCursor } from './readEventCursor.js';
import { readLoanStatus } from './readLoanStatus.js';
import { streamLoanEvents } from './streamLoanEvents.js';
import { takeFairShare } from './takeFairShare.js';
import { toBrowserBody } from './toBrowserBody.js';

/** A response as the write journal keeps it. */
async function resultOf(response: Response): Promise<StoredResult> {
  const headers: Record<string, string> = {};
  const retryAfter = response.headers.get('retry-after');
  if (retryAfter !== null) headers['Retry-After'] = retryAfter;
  return {
    status: response.status,
    body: await response.text(),
    contentType: response.headers.get('content-type'),
    ...(retryAfter === null ? {} : { headers }),
  };
}

/**
 * How a failed send counts for its key: an unknown outcome (the service may have done it) and
 * a refusal of the input itself are final and replayed; anything else means nothing happened
 * (a limit, a missing consent, the service refusing for now), so a retry must be able to run.
 * An unexpected failure after the request may have left is taken as unknown.
 */
async function outcomeOf<S extends { id: string }>(
  ctx: BffContext<S>,
  op: OperationRequest<S>,
  call: OperationCall,
  error: unknown,
): Promise<SendOutcome> {
  const unknown =
    error instanceof OutcomeUnknownError ||
    (call.started && !(error instanceof InsuranceError || error instanceof StoreUnavailableError));
  const response = errorToResponse(unknown ? new OutcomeUnknownError() : error, {
    logger: ctx.logger,
    hints: ctx.hints,
    operation: op.route.name,
    inputSchema: await operations[op.route.name].input?.(),
    aborted: false,
  });
  const result = await resultOf(response);
  if (unknown) return { kind: 'final', result, unknown: true };
  if (error instanceof ValidationError) return { kind: 'final', result };
  return { kind: 'refused', result };
}

/**
 * Answers an authorized, validated request: the BFF's own operations (TCPA consent read, loan
 * events) from the store and relay; loan reads through the loan cache (see `createLoanCache`);
 * everything else through the service client (see `operationCall`). A write with an
 * `Idempotency-Key` runs through the write journal, so its outcome belongs to its key.
 */
export async function runOperation<S extends { id: string }>(
  ctx: BffContext<S>,
  op: OperationRequest<S>,
): Promise<StoredResult | Response> {
  const { route, ids, session, request } = op;
  // Every row but submit names a loan (authorization resolved a policy to its loan, if linked).
  const loanId = ids.loanId as string;

  switch (route.name) {
    case 'getTcpaConsent': {
      const consent = await ctx.consents.read(loanId);
      return jsonResult(toBrowserBody(ctx, route.name, { recorded: consent !== null, consent }));
    }
    case 'loanEvents': {
      const cursor = readEventCursor(request, op.url);
      if (!(request.headers.get('accept') ?? '').includes('text/event-stream')) {
        return pollLoanEvents(ctx.relay, loanId, cursor);
      }
      const slot = await ctx.streams.add(session.id);
      return streamLoanEvents({
        relay: ctx.relay,
        loanId,
        cursor,
        heartbeatMs: ctx.heartbeatMs,
        signal: request.signal,
        logger: ctx.logger,
        slot,
        checkMs: ctx.sessionCheckMs,
        async stillAllowed() {
          const current = await ctx.getSession(request);
          if (!current || current.id !== session.id) return false;
          const ask = { session: current, operation: route.name, loanId, request };
          return (await ctx.authorize(ask)) === true;
        },
      });
    }
    case 'getLoan': {
      await ctx.followingEvents.catch(() => undefined);
      const loan = await ctx.loanCache.get(
        loanId,
        {
          // Only a read that reaches the service spends the client's share: not one this or
          // another instance answers from what it kept.
          load: async (signal) => {
            await takeFairShare(ctx, session, request);
            return callUpstream(ctx.client, 'getLoan', {
              params: route.params,
              signal,
            }) as Promise<Loan>;
          },
          // After an event, the status comes from the display: no rate-limited read.
          status: (signal) => readLoanStatus(ctx.client, route.params, signal),
        },
        request.signal,
      );
      return jsonResult(toBrowserBody(ctx, route.name, loan));
    }
  }

  const call = operationCall(ctx, op);
  if (!op.idempotency) return call.finish(await call.send());
  const write: KeyedWrite = {
    async send() {
      try {
        return { kind: 'answered', value: await call.send() };
      } catch (error) {
        return outcomeOf(ctx, op, call, error);
      }
    },
    finish: (value) => call.finish(value as SentCall),
  };
  const { key, fingerprint } = op.idempotency;
  const { replayed, ...result } = await ctx.journal.run(
    { sessionId: session.id, operation: route.name, key },
    fingerprint,
    write,
    request.signal,
  );
  return replayed
    ? { ...result, headers: { ...result.headers, 'Idempotent-Replayed': 'true' } }
    : result;
}
