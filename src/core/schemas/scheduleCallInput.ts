import * as v from 'valibot';
import { isIsoDateTime, phone, text } from './fields.js';
import { loanIdField } from './loanIdField.js';

// An ISO 8601 date-time with seconds optional and an explicit zone (Z or ±hh:mm), so the
// advisor's task is never off by the browser's time zone.
const ZONED_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Body of schedule call: when the advisor should call, as a zoned ISO 8601 date-time. */
export const ScheduleCallInputSchema = v.object({
  id: loanIdField,
  scheduledAt: v.pipe(
    v.string('Call time must be text'),
    v.regex(ZONED_DATE_TIME, 'Call time must be an ISO 8601 date-time with a time zone'),
    v.check((s) => isIsoDateTime(s, true), 'Call time must be a real date and time'),
  ),
  timeZone: v.optional(text(64, 'Time zone')),
  phone: v.optional(phone),
  notes: v.optional(text(500, 'Notes')),
});

/** Body of schedule call. */
export type ScheduleCallInput = v.InferInput<typeof ScheduleCallInputSchema>;
