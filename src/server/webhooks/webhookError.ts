import type { ErrorBody } from '../../core/errors/errorBody.js';
import type { WebhookAnswer } from './WebhookAnswer.js';

/** Codes the webhook receiver answers with; stable, so a dashboard can count them. */
export type WebhookErrorCode =
  | 'method_not_allowed'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'request_timeout'
  | 'busy'
  | 'unauthorized'
  | 'conflicting_signatures'
  | 'invalid_json'
  | 'validation_error'
  | 'stale_event'
  | 'event_from_future'
  | 'event_in_progress'
  | 'processing_failed'
  | 'store_unavailable'
  | 'internal_error';

/**
 * A JSON error answer in the library's error-body shape (`{ error: { code, message } }`), with
 * nothing from the request echoed back. Extra header names are given in lowercase.
 */
export function webhookError(
  status: number,
  code: WebhookErrorCode,
  message: string,
  headers: Record<string, string> = {},
): WebhookAnswer {
  const body: ErrorBody = { error: { code, message } };
  return {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body),
  };
}
