import type { HttpMethod } from '../core/bffRoutes.js';
import type { HttpConfig } from './resolveHttpConfig.js';

/** One request to the BFF, before the adapter's defaults are applied. */
export interface RequestSpec {
  method: HttpMethod;
  /** The path under the base URL, ids already checked (may end with a query). */
  path: string;
  accept: string;
  /** Sent as JSON when defined. */
  body?: unknown;
  idempotencyKey?: string;
  /** Resumes an event stream after this cursor. */
  lastEventId?: string | null;
}

/**
 * The URL and `RequestInit` of a request (the caller adds its signal): the host's headers first,
 * the protocol's on top, so a host header can never drop the CSRF header or change `Accept`.
 */
export function buildRequest(config: HttpConfig, spec: RequestSpec): [string, RequestInit] {
  const headers = new Headers(config.headers());
  headers.set('Accept', spec.accept);
  // GET and HEAD are the methods the BFF lets through without it; every other one needs it.
  if (spec.method !== 'GET') headers.set(config.csrfHeader.name, config.csrfHeader.value);
  if (spec.idempotencyKey !== undefined) headers.set('Idempotency-Key', spec.idempotencyKey);
  if (spec.lastEventId) headers.set('Last-Event-ID', spec.lastEventId);
  let body: string | undefined;
  if (spec.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(spec.body);
  }
  return [
    config.baseUrl + spec.path,
    { method: spec.method, headers, body, credentials: config.credentials },
  ];
}
