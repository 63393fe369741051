import type { ConfigurationProblem } from './ConfigurationError.js';

/**
 * The problem with a credential's text, if any: missing (when required) or wrapped in
 * whitespace, which a copy from a console or a `.env` line often adds and which the service would
 * refuse as a wrong credential. Never says the value.
 */
export function credentialProblem(
  variable: string,
  value: string | undefined,
  whenMissing: string | undefined,
): ConfigurationProblem | undefined {
  if (value === undefined) {
    return whenMissing === undefined
      ? undefined
      : { variable, message: `${variable} is not set`, fix: whenMissing };
  }
  if (value.trim() !== value) {
    return {
      variable,
      message: `${variable} starts or ends with a space or a line break`,
      fix: `Remove the spaces or line breaks around the value of ${variable}.`,
    };
  }
  return undefined;
}
