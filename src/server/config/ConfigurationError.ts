import { InsuranceError } from '../../core/errors/InsuranceError.js';

/** One setting that cannot be used: which variable, what is wrong, and how to fix it. */
export interface ConfigurationProblem {
  /** The environment variable (or flag) to change, e.g. `SERVICE_BASE_URL`. */
  variable: string;
  /** What is wrong, in one line that starts with the variable's name. Never holds a secret. */
  message: string;
  /** How to fix it, in one sentence. */
  fix: string;
}

/**
 * The environment cannot configure the server: `problems` lists every setting at fault at once
 * (so a deployment is fixed in one pass, not one restart per variable), each naming its
 * variable and how to fix it. The message joins the problems' messages; neither ever repeats
 * the value of a secret.
 */
export class ConfigurationError extends InsuranceError {
  readonly problems: readonly ConfigurationProblem[];

  constructor(problems: readonly ConfigurationProblem[]) {
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
    super(
      'configuration_error',
      `The configuration has ${count}: ${problems.map((p) => p.message).join('; ')}`,
    );
    this.problems = problems;
  }
}
