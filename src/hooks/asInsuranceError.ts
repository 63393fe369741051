import { InsuranceError } from '../core/errors/InsuranceError.js';

/**
 * Runs an adapter call so that it can only fail with an {@link InsuranceError}: a host's own
 * adapter may throw anything, and the hooks promise typed errors.
 */
export async function asInsuranceError<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof InsuranceError) throw error;
    throw new InsuranceError(
      'service_error',
      error instanceof Error ? error.message : 'Unexpected error',
      { cause: error },
    );
  }
}
