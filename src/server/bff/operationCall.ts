import { ConsentRequiredError } from '../../core/errors/ConsentRequiredError.js';
import { InsuranceError } from '../../core/errors/InsuranceError.js';
import { NetworkError } from '../../core/errors/NetworkError.js';
import { OutcomeUnknownError } from '../../core/errors/OutcomeUnknownError.js';
import { TimeoutError } from '../../core/errors/TimeoutError.js';
import { operations } from '../../core/operations.js';
import type { ConsentRecord } from '../../core/schemas/consentRecord.js';
import type { Loan } from '../../core/schemas/loan.js';
import type { LoanApplicationRequest } from '../../core/schemas/loanApplicationInput.js';
import type { ClientOperationName } from '../client/ServiceClient.js';
import type { BffContext } from './BffContext.js';
import { callUpstream } from './callUpstream.js';
import type { ThrottleSlot } from './createAdvisorCallGuard.js';
import type { StoredResult } from './createWriteJournal.js';
import { jsonResult } from './jsonResult.js';
import { loanChangeOfWrite } from './loanChangeOfWrite.js';
import type { OperationRequest } from './OperationRequest.js';
import { prepareApplication } from './prepareApplication.js';
import { takeFairShare } from './takeFairShare.js';
import { toBrowserBody } from './toBrowserBody.js';

/** What a call to the service brought back, with what the BFF's bookkeeping needs of it. */
export interface SentCall {
  /** The service's (parsed) answer. */
  output: unknown;
  /** For a new application: the external id it was created with, and its phone's owner. */
  externalId?: string;
  phone?: string;
  /** When the request was sent (ms): an event about the loan after it answers it. */
  sentAt?: number;
}

/** One request to the service, split where its answer arrives (see `KeyedWrite`). */
export interface OperationCall {
  /** Whether the request may have reached the service (for telling failures apart). */
  readonly started: boolean;
  /** Checks the session's shares and gates, then calls the service. */
  send(): Promise<SentCall>;
  /** The BFF's bookkeeping and the browser's answer. Idempotent: may run again. */
  finish(sent: SentCall): Promise<StoredResult>;
}

// The service refused, or never saw it: no advisor was asked.
const isRefusal = (error: unknown) =>
  error instanceof InsuranceError &&
  !(error instanceof TimeoutError || error instanceof NetworkError) &&
  !(error instanceof OutcomeUnknownError) &&
  error.status !== undefined &&
  error.status >= 400 &&
  error.status < 500;

/**
 * Whether a submit answered the loan application itself, with its status and borrowers, as a
 * loan read does (the service documents only the id in that answer: an id alone is not kept).
 */
const isWholeLoan = (loan: Loan) =>
  typeof loan.status === 'string' && Array.isArray(loan.borrowers) && loan.borrowers.length > 0;

const primaryPhone = (input: LoanApplicationRequest) =>
  input.borrowers.find((b) => b.isPrimary)?.phone ?? undefined;

/**
 * A request to the service for a browser: the fairness share on rate-limited operations, the
 * TCPA gate and the advisor-call limits before it; binding a new loan, remembering a consent
 * and shaping the browser's answer after it. Reads keep the browser's signal; writes go on
 * without it, since a write abandoned mid-flight would have an unknown outcome.
 */
export function operationCall<S extends { id: string }>(
  ctx: BffContext<S>,
  op: OperationRequest<S>,
): OperationCall {
  const { route, ids, session, request } = op;
  const name = route.name as ClientOperationName;
  const row = operations[name];
  const loanId = ids.loanId ?? undefined;
  let started = false;

  async function requireTcpaConsent(): Promise<ConsentRecord | null> {
    if (!row.requiresTcpaConsent || loanId === undefined) return null;
    const consent = await ctx.consents.read(loanId);
    if (consent === null) throw new ConsentRequiredError('tcpa');
    return consent;
  }

  async function takeAdvisorSlot(consent: ConsentRecord | null): Promise<ThrottleSlot | undefined> {
    if ((name !== 'callMeNow' && name !== 'scheduleCall') || loanId === undefined) return;
    const phone = (op.input as { phone?: string } | undefined)?.phone ?? consent?.phone;
    return ctx.advisorCalls.take({
      operation: name,
      loanId,
      sessionId: session.id,
      phone: phone || undefined,
    });
  }

  return {
    get started() {
      return started;
    },
    async send() {
      if (row.rateLimited) await takeFairShare(ctx, session, request);
      const slot = await takeAdvisorSlot(await requireTcpaConsent());
      let body = op.input;
      let application: LoanApplicationRequest | undefined;
      if (name === 'submitLoanApplication') {
        application = await prepareApplication(ctx, session, op.input, request);
        body = application;
      }
      started = true;
      const sentAt = Date.now();
      try {
        const output = await callUpstream(ctx.client, name, {
          params: route.params,
          body,
          signal: row.idempotent ? request.signal : undefined,
        });
        if (!application) return { output, sentAt };
        const phone = primaryPhone(application);
        return {
          output,
          sentAt,
          externalId: application.externalId as string,
          ...(phone === undefined ? {} : { phone }),
        };
      } catch (error) {
        // A refusal means no advisor was asked, so the borrower may try again at once; after a
        // timeout, a lost connection or a 5xx the phone may be ringing already.
        if (slot && isRefusal(error)) await slot.release();
        throw error;
      }
    },
    async finish(sent) {
      const { output } = sent;
      // A write through the BFF changes what a loan read answers: its kept copy follows.
      if (request.method !== 'GET' && loanId !== undefined) {
        const change = loanChangeOfWrite(name, output, sent.sentAt ?? 0);
        if (change) await ctx.loanWritten(loanId, change);
      }
      switch (name) {
        case 'submitLoanApplication': {
          const loan = output as Loan;
          // The service answered the application itself: its first read costs nothing.
          if (isWholeLoan(loan)) ctx.loanCache.keep(loan.id, loan, sent.sentAt ?? 0);
          await ctx.relay.linkExternalId(sent.externalId as string, loan.id, ctx.client.partnerId);
          await ctx.advisorCalls.rememberPhone(loan.id, sent.phone);
          await ctx.onLoanCreated?.({ session, loan, request });
          return jsonResult(toBrowserBody(ctx, route.name, loan), 201);
        }
        case 'recordTcpaConsent':
          if (loanId !== undefined) await ctx.consents.record(loanId, output as ConsentRecord);
          break;
        case 'shopLoan':
          // Quoting started: its event should follow within a minute (else the watch explains).
          if (loanId !== undefined) ctx.quotingWatch.shopped(loanId, sent.sentAt ?? Date.now());
          break;
      }
      if (output === undefined) return { status: 204, body: '', contentType: null };
      return jsonResult(toBrowserBody(ctx, route.name, output));
    },
  };
}
