import { ConsentRequiredError } from '../../core/errors/ConsentRequiredError.js';
import { ServiceError } from '../../core/errors/ServiceError.js';
import { ValidationError } from '../../core/errors/ValidationError.js';
import { isClosed } from '../../core/loanStatus.js';
import type { CallMeNowInput } from '../../core/schemas/callMeNowInput.js';
import type { ScheduleCallInput } from '../../core/schemas/scheduleCallInput.js';
import { findLoan } from './findLoan.js';
import { randomId } from './randomId.js';
import { json } from './sandboxResponses.js';
import type { SandboxOperation, SandboxRequest, SandboxRuntime } from './sandboxRuntime.js';

// The service enforces TCPA consent for calls (1.2.3) but does not document how it refuses; the
// sandbox answers 409 with code `consent_required` and `consent: "tcpa"`.
function loanReadyForCall(rt: SandboxRuntime, req: SandboxRequest, id: string) {
  const loan = findLoan(rt, req.partner, id);
  if (!loan.tcpaConsent) throw new ConsentRequiredError('tcpa');
  if (isClosed(loan.wire.status))
    throw new ServiceError(409, 'loan_closed', 'The loan application is closed');
  return loan;
}

/** Advisor call operations of the sandbox. */
export const callOperations = {
  scheduleCall: (rt, req) => {
    const input = req.body as ScheduleCallInput;
    const loan = loanReadyForCall(rt, req, input.id);
    if (Date.parse(input.scheduledAt) <= rt.clock.now()) {
      throw new ValidationError([
        { path: 'scheduledAt', message: 'Call time must be in the future' },
      ]);
    }
    const task = {
      id: randomId('task'),
      loanId: loan.wire.id,
      kind: 'scheduled' as const,
      scheduledAt: new Date(Date.parse(input.scheduledAt)).toISOString(),
      phone: input.phone ?? null,
      createdAt: rt.clock.now(),
    };
    rt.tasks.push(task);
    return json({ success: true, taskId: task.id, scheduledAt: task.scheduledAt });
  },
  callMeNow: (rt, req) => {
    const input = req.body as CallMeNowInput;
    const loan = loanReadyForCall(rt, req, input.id);
    const task = {
      id: randomId('task'),
      loanId: loan.wire.id,
      kind: 'now' as const,
      scheduledAt: null,
      phone: input.phone ?? null,
      createdAt: rt.clock.now(),
    };
    rt.tasks.push(task);
    return json({ success: true, taskId: task.id });
  },
} satisfies Record<string, SandboxOperation>;
