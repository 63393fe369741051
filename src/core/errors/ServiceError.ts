import { InsuranceError } from './InsuranceError.js';

/**
 * The service (or the BFF) answered with an error not covered by a more specific class.
 * `serviceCode` is the code from the error body (e.g. `loan_closed`), when there was one.
 */
export class ServiceError extends InsuranceError {
  readonly serviceCode: string;

  constructor(status: number, serviceCode: string, message: string) {
    super('service_error', message, { status });
    this.serviceCode = serviceCode;
  }
}
