import { ServiceError } from '../../core/errors/ServiceError.js';

/**
 * A refusal decided by the BFF itself (404 route, 405, 413, 415, CSRF…), answered as is with the
 * shared error body `{ error: { code, message } }`. Being a `ServiceError`, it keeps the same
 * shape as every other error, and is never mistaken for an upstream failure.
 */
export class HttpRefusal extends ServiceError {
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, code: string, message: string, headers: Record<string, string> = {}) {
    super(status, code, message);
    this.headers = headers;
  }
}
