import { parseServiceRoutes } from '../../core/parseServiceRoutes.js';
import type { ServiceRoutes } from '../../core/resolveServiceRoutes.js';
import type { ConfigurationProblem } from './ConfigurationError.js';

const VARIABLE = 'SERVICE_ROUTES';

/**
 * Reads SERVICE_ROUTES with `parseServiceRoutes`, the check the client's `routes` option gets,
 * so the variable accepts exactly what the option does. Its message names the option
 * (`routes.getQuoteDisplay: …`); here it names the variable instead.
 */
export function readRoutesEnv(
  raw: string | undefined,
): { value: ServiceRoutes } | { problem: ConfigurationProblem } {
  try {
    return { value: parseServiceRoutes(raw) };
  } catch (error) {
    const text = (error instanceof Error ? error.message : String(error)).replace(
      /^routes[.:]?\s*/,
      '',
    );
    return {
      problem: {
        variable: VARIABLE,
        message: text.startsWith('must ') ? `${VARIABLE} ${text}` : `${VARIABLE}: ${text}`,
        fix: `Write ${VARIABLE} as entries operation=METHOD /path (or operation=/path) separated by ";", each path keeping its default's ids, e.g. getQuoteDisplay=/v1/loans/{loanId}/quotes.`,
      },
    };
  }
}
