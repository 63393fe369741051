import type { ServiceRoutes } from './resolveServiceRoutes.js';
import { resolveServiceRoutes } from './resolveServiceRoutes.js';

/**
 * Reads route overrides from one line of configuration (an environment variable): entries
 * `operation=METHOD /path` (or `operation=/path` to keep the method), separated by `;`, `,` or
 * line breaks. Checked as `resolveServiceRoutes` checks them. An empty text is no overrides.
 *
 * @throws TypeError naming the entry and what to fix.
 * @example
 * parseServiceRoutes('submitLoanApplication=POST /v1/loans/application; getQuoteDisplay=/v1/loans/{loanId}/quotes');
 */
export function parseServiceRoutes(text: string | undefined): ServiceRoutes {
  const routes: Record<string, string> = {};
  for (const entry of (text ?? '').split(/[;,\n]/)) {
    if (entry.trim() === '') continue;
    const at = entry.indexOf('=');
    const name = entry.slice(0, at).trim();
    const route = entry.slice(at + 1).trim();
    if (at < 1 || name === '' || route === '') {
      throw new TypeError(`"${entry.trim()}" must look like operation=METHOD /path`);
    }
    if (name in routes) throw new TypeError(`routes: ${name} is given twice`);
    routes[name] = route;
  }
  resolveServiceRoutes(routes as ServiceRoutes);
  return routes as ServiceRoutes;
}
