import type { LoanEvent } from '../core/schemas/loanEvent.js';

const REQUIRED = ['id', 'type', 'occurredAt', 'loanId'] as const;

/**
 * A loan event read tolerantly, or `undefined` for a malformed one (skipped, not fatal): the
 * checks of the core's `LoanEventSchema` (the ids, type and time are strings, `policyId` too when
 * present; other fields pass through), written out so the event stream does not load valibot.
 */
export function readLoanEvent(value: unknown): LoanEvent | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
  const event = value as Record<string, unknown>;
  if (!REQUIRED.every((key) => typeof event[key] === 'string')) return;
  if (event.policyId !== undefined && typeof event.policyId !== 'string') return;
  return { ...event } as unknown as LoanEvent;
}
