import type { ConfigurationProblem } from '../config/ConfigurationError.js';

/** The checks `runDoctor` makes, in the order it makes them. */
export type DoctorCheckId =
  | 'configuration'
  | 'token'
  | 'read'
  | 'webhook-settings'
  | 'webhook-delivery';

/** A check passed, failed, or could not run (because an earlier one failed, or no URL was given). */
export type DoctorCheckStatus = 'pass' | 'fail' | 'skip';

/** The outcome of one check. No field ever holds a secret, a password or a token. */
export interface DoctorCheck {
  id: DoctorCheckId;
  title: string;
  status: DoctorCheckStatus;
  /** What was found: on a pass, what was proven; on a failure, what is wrong; on a skip, why. */
  detail?: string;
  /** On a failure: how to fix it, naming the variable to change. */
  fix?: string;
  /** The configuration check's problems, one per variable at fault. */
  problems?: readonly ConfigurationProblem[];
}

/** What {@link runDoctor} found: `ok` when no check failed (skipped ones do not count). */
export interface DoctorReport {
  ok: boolean;
  checks: DoctorCheck[];
}
