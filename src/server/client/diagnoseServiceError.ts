import type { ServiceDiagnosis } from './serviceDiagnoses.js';
import { serviceDiagnoses } from './serviceDiagnoses.js';

/**
 * What an error from `ServiceClient.call` says about the server's configuration, when it points
 * at a setting: `{ key, message }` where `message` names the option to fix and the environment
 * variable the demo reads it from, e.g. "could not connect to 127.0.0.1:1 (ECONNREFUSED):
 * check the host and port in `baseUrl` (SERVICE_BASE_URL)". `undefined` for failures that say
 * nothing about the configuration (a loan not found, a rate limit, a time-out). The BFF logs
 * these itself; call this when you use the client without the BFF.
 *
 * @example
 * try {
 *   await client.call('getLoan', { params: { loanId } });
 * } catch (error) {
 *   const diagnosis = diagnoseServiceError(error);
 *   if (diagnosis) console.error(diagnosis.message);
 * }
 */
export function diagnoseServiceError(error: unknown): ServiceDiagnosis | undefined {
  return serviceDiagnoses.of(error);
}
