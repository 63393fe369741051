import type { RelayedEvent } from '../../core/schemas/loanEvent.js';
import type { EventRelay } from '../events/createEventRelay.js';
import { jsonResponse } from './jsonResponse.js';

/** The polling answer: events after the cursor, and the cursor to pass as `?after=` next time. */
export interface LoanEventsPage {
  events: RelayedEvent[];
  cursor: string | null;
}

/**
 * Answers a polling request for a loan's events from the relay's backlog: no upstream call, so
 * a browser without server-sent events still never polls the rate-limited service.
 */
export async function pollLoanEvents(
  relay: EventRelay,
  loanId: string,
  after: string | null,
): Promise<Response> {
  const events = await relay.read(loanId, after);
  const page: LoanEventsPage = { events, cursor: events.at(-1)?.cursor ?? after };
  return jsonResponse(page);
}
