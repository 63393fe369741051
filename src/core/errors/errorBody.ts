import { ConsentRequiredError } from './ConsentRequiredError.js';
import type { InsuranceError } from './InsuranceError.js';
import { RateLimitedError } from './RateLimitedError.js';
import { ServiceError } from './ServiceError.js';
import type { FieldIssue } from './ValidationError.js';
import { ValidationError } from './ValidationError.js';

/** The JSON error body the BFF and the sandbox answer with: stable, no stacks, no upstream text. */
export interface ErrorBody {
  error: {
    code: string;
    message: string;
    issues?: FieldIssue[];
    consent?: string;
    retryAfterSeconds?: number;
  };
}

/** The error body for an error. */
export function toErrorBody(error: InsuranceError): ErrorBody {
  const body: ErrorBody['error'] = {
    code: error instanceof ServiceError ? error.serviceCode : error.code,
    message: error.message,
  };
  if (error instanceof ValidationError) body.issues = [...error.issues];
  if (error instanceof ConsentRequiredError) body.consent = error.consent;
  if (error instanceof RateLimitedError && error.retryAfterMs !== undefined) {
    body.retryAfterSeconds = Math.ceil(error.retryAfterMs / 1000);
  }
  return { error: body };
}
