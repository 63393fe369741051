import { readAnswer } from '../wire/readAnswer.js';
import { wireSchema } from '../wire/wireSchema.js';

/**
 * The answer of close, schedule call and call me now (`{ success }`; select quote adds
 * `quoteId`; schedule call may add `taskId` and `scheduledAt`). A 2xx answer is the success:
 * `success` is kept as given when present.
 */
export interface SuccessResult {
  success?: boolean;
  quoteId?: string;
  taskId?: string;
  scheduledAt?: string;
  [key: string]: unknown;
}

/** Tolerant parser for a `{ success }` answer (see `readWire`); `"true"` reads as `true`. */
export const SuccessResultSchema = wireSchema<SuccessResult>((value) =>
  readAnswer('closeLoan', value, { unknown: 'keep' }),
);
