import { ConsentRequiredError } from '../../core/errors/ConsentRequiredError.js';
import { ValidationError } from '../../core/errors/ValidationError.js';
import { isClosed } from '../../core/loanStatus.js';
import type { CallMeNowInput } from '../../core/schemas/callMeNowInput.js';
import type { ScheduleCallInput } from '../../core/schemas/scheduleCallInput.js';
import { findLoan } from './findLoan.js';
import { loanClosedError } from './loanClosedError.js';
import { randomId } from './randomId.js';
import { json } from './sandboxResponses.js';
import type { SandboxOperation, SandboxRequest, SandboxRuntime } from './sandboxRuntime.js';
import type { SandboxCallTask } from './sandboxTypes.js';

// The service enforces TCPA consent for calls (1.2.3) but does not document how it refuses; the
// sandbox answers 409 with code `consent_required` and `consent: "tcpa"`.
function loanReadyForCall(rt: SandboxRuntime, req: SandboxRequest, id: string) {
  const loan = findLoan(rt, req.partner, id);
  if (!loan.tcpaConsent) throw new ConsentRequiredError('tcpa');
  if (isClosed(loan.wire.status)) throw loanClosedError();
  return loan;
}

/** Records an advisor task, stamped with an id and the clock's time. */
function addTask(rt: SandboxRuntime, fields: Omit<SandboxCallTask, 'id' | 'createdAt'>) {
  const task: SandboxCallTask = { id: randomId('task'), ...fields, createdAt: rt.clock.now() };
  rt.tasks.push(task);
  return task;
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
    const task = addTask(rt, {
      loanId: loan.wire.id,
      kind: 'scheduled',
      scheduledAt: new Date(Date.parse(input.scheduledAt)).toISOString(),
      phone: input.phone ?? null,
    });
    return json({ success: true, taskId: task.id, scheduledAt: task.scheduledAt });
  },
  callMeNow: (rt, req) => {
    const input = req.body as CallMeNowInput;
    const loan = loanReadyForCall(rt, req, input.id);
    const task = addTask(rt, {
      loanId: loan.wire.id,
      kind: 'now',
      scheduledAt: null,
      phone: input.phone ?? null,
    });
    return json({ success: true, taskId: task.id });
  },
} satisfies Record<string, SandboxOperation>;
