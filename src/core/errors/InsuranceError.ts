/** The `code` of every error this library raises, stable across versions. */
export type InsuranceErrorCode =
  | 'validation_error'
  | 'unauthorized'
  | 'not_found'
  | 'consent_required'
  | 'rate_limited'
  | 'service_error'
  | 'network_error'
  | 'timeout'
  | 'outcome_unknown'
  | 'missing_provider'
  | 'configuration_error';

/**
 * The base of every error this library raises. Switch on `code` (or use `instanceof` with the
 * subclasses). Messages never contain a secret, a token or a signed URL.
 */
export class InsuranceError extends Error {
  readonly code: InsuranceErrorCode;
  /** The HTTP status that carried the error, when there was one. */
  readonly status: number | undefined;

  constructor(
    code: InsuranceErrorCode,
    message: string,
    options?: { status?: number; cause?: unknown },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.status = options?.status;
  }
}
