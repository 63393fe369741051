import type { RelayedEvent } from './schemas/loanEvent.js';

// Ids and types go into `field: value` lines: a line break would start a forged field.
const line = (s: string) => s.replace(/[\r\n]/g, '');

/** One server-sent event: the cursor as its id (for `Last-Event-ID`), the type, the event. */
export function formatSseEvent(entry: RelayedEvent): string {
  return `id: ${line(entry.cursor)}\nevent: ${line(entry.event.type)}\ndata: ${JSON.stringify(entry.event)}\n\n`;
}
