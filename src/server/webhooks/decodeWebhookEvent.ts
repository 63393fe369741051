import * as v from 'valibot';
import type { WebhookEnvelope, WebhookEvent } from '../../core/schemas/webhookEvent.js';
import {
  WEBHOOK_EVENT_TYPES,
  WebhookEnvelopeSchema,
  WebhookEventSchema,
} from '../../core/schemas/webhookEvent.js';
import { toFieldIssues } from '../../core/validateInput.js';
import { readValidEvent } from './readValidEvent.js';

/** A verified body read as an event: documented, of a type this version does not know, or bad. */
export type DecodedWebhookEvent =
  | { kind: 'documented'; event: WebhookEvent }
  | { kind: 'unknown'; envelope: WebhookEnvelope }
  | { kind: 'invalid'; code: 'invalid_json' | 'validation_error'; message: string };

// Fatal: the service sends UTF-8 JSON (RFC 8259), and replacing bad bytes with U+FFFD would
// hand on text that is not what was signed. A leading BOM is tolerated (dropped) by default.
const decoder = new TextDecoder('utf-8', { fatal: true });
const documentedTypes: readonly string[] = WEBHOOK_EVENT_TYPES;

function firstIssue(issues: readonly v.BaseIssue<unknown>[]): string {
  const [issue] = toFieldIssues(issues.slice(0, 1));
  if (!issue) return 'Invalid event';
  return issue.path ? `${issue.path}: ${issue.message}` : issue.message;
}

/**
 * Parses and validates the raw bytes of a verified delivery. The output is valibot's copy, not
 * `JSON.parse`'s object, so keys such as `__proto__` never reach the relay or the host.
 */
export function decodeWebhookEvent(bytes: Uint8Array): DecodedWebhookEvent {
  let json: unknown;
  try {
    json = JSON.parse(decoder.decode(bytes));
  } catch {
    return { kind: 'invalid', code: 'invalid_json', message: 'The body is not valid UTF-8 JSON' };
  }
  // A delivery that passes every check is read without the schemas' machinery (the common case);
  // any other goes through them, for the issue to report.
  const valid = readValidEvent(json, documentedTypes);
  if (valid !== undefined) {
    return valid.documented
      ? { kind: 'documented', event: valid.envelope as WebhookEvent }
      : { kind: 'unknown', envelope: valid.envelope };
  }
  const envelope = v.safeParse(WebhookEnvelopeSchema, json);
  if (!envelope.success) {
    return { kind: 'invalid', code: 'validation_error', message: firstIssue(envelope.issues) };
  }
  const output = envelope.output as WebhookEnvelope;
  // A type a later API version added is fine; a documented type without its identifiers is not.
  if (!documentedTypes.includes(output.type)) return { kind: 'unknown', envelope: output };
  const event = v.safeParse(WebhookEventSchema, output);
  if (!event.success) {
    return { kind: 'invalid', code: 'validation_error', message: firstIssue(event.issues) };
  }
  return { kind: 'documented', event: output as WebhookEvent };
}
