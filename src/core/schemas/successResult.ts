import * as v from 'valibot';

/**
 * The `{ success }` answer of close, schedule call and call me now (select quote adds
 * `quoteId`; schedule call may add `taskId` and `scheduledAt`).
 */
export interface SuccessResult {
  success: boolean;
  quoteId?: string;
  taskId?: string;
  scheduledAt?: string;
  [key: string]: unknown;
}

/** Tolerant parser for a `{ success }` answer. */
export const SuccessResultSchema = v.looseObject({
  success: v.boolean(),
}) as unknown as v.GenericSchema<unknown, SuccessResult>;
