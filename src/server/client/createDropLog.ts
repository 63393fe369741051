import type { WireDrop } from '../../core/wire/readWire.js';
import type { ServiceClientLogger } from './ServiceClientOptions.js';

/** Told of a value of a service answer that was left out: the operation, the field, why. */
export type DropLog = (operation: string, field: string, reason: WireDrop) => void;

// Enough for every field of every answer; past it nothing more is said, so a service that
// sends ever new field names cannot grow the memory or flood the log.
const MAX_LINES = 256;

const MEANING: Record<WireDrop, string> = {
  unreadable: 'a value of the wrong type that could not be converted',
  item: 'a list item that could not be read',
  incomplete: 'an object missing a field it cannot be used without',
};

/**
 * A log of the values a service answer carried that the library could not read and left out:
 * one warning per operation, field and reason for the life of the client, so an operator learns
 * that (and where) production's answers differ from the documented ones without a line per
 * request. The value itself is never logged: it may be personal data or a signed link.
 */
export function createDropLog(logger: ServiceClientLogger): DropLog {
  const said = new Set<string>();
  return (operation, field, reason) => {
    const key = `${operation} ${field} ${reason}`;
    if (said.has(key) || said.size >= MAX_LINES) return;
    said.add(key);
    try {
      logger.warn('The service sent a value the library could not read; it was left out', {
        operation,
        field,
        reason,
        meaning: MEANING[reason],
      });
    } catch {
      // A log that throws must never change an answer.
    }
  };
}
