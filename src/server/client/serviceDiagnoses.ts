/**
 * What a failed service call says about the server's configuration: which setting to fix, in
 * one line that holds no secret, token or body.
 */
export interface ServiceDiagnosis {
  /**
   * The cause, stable across requests (`credentials`, `connect:127.0.0.1:1:ECONNREFUSED`, ...):
   * a log says each cause at most once a minute however many requests fail on it.
   */
  key: string;
  /** The line for the server's log, naming the option and its environment variable. */
  message: string;
}

const attached = new WeakMap<object, ServiceDiagnosis>();

/**
 * The diagnoses the service client attaches to the errors it throws when a failure points at a
 * setting (a base URL without its path prefix, a wrong port, refused credentials). Attached
 * rather than put in the message: the message may reach a browser, the diagnosis only the log.
 */
export const serviceDiagnoses = {
  /** Attaches `diagnosis` to `error`, and returns the error (to throw). */
  attach<E>(error: E, diagnosis: ServiceDiagnosis | undefined): E {
    if (diagnosis && typeof error === 'object' && error !== null) attached.set(error, diagnosis);
    return error;
  },
  of(error: unknown): ServiceDiagnosis | undefined {
    return typeof error === 'object' && error !== null ? attached.get(error) : undefined;
  },
};
