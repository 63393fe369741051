import { parseResponse } from '../core/parseResponse.js';
import type { LoanEvent } from '../core/schemas/loanEvent.js';
import { LoanEventSchema } from '../core/schemas/loanEvent.js';

/** A loan event read tolerantly, or `undefined` for a malformed one (skipped, not fatal). */
export function readLoanEvent(value: unknown): LoanEvent | undefined {
  try {
    return parseResponse(LoanEventSchema, value);
  } catch {
    return undefined;
  }
}
