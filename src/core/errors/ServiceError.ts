import { InsuranceError } from './InsuranceError.js';

/**
 * The service (or the BFF) answered with an error not covered by a more specific class.
 * `serviceCode` is the code from the error body (e.g. `loan_closed`), when there was one. An
 * answer the library could not use (`invalid_response`) names the `field` it lacked, as a
 * dotted path (`id`, `retrievalUrl`), when one was to blame.
 */
export class ServiceError extends InsuranceError {
  readonly serviceCode: string;
  /** The field of the service's answer that made it unusable, for `invalid_response`. */
  readonly field: string | undefined;

  constructor(status: number, serviceCode: string, message: string, options?: { field?: string }) {
    super('service_error', message, { status });
    this.serviceCode = serviceCode;
    this.field = options?.field;
  }
}
