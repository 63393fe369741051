import { jsonResponse } from './bff/jsonResponse.js';
import { securityHeaders } from './bff/securityHeaders.js';
import { ConfigurationError } from './config/ConfigurationError.js';
import { consoleLogger } from './consoleLogger.js';
import type { FetchHandler } from './toNodeHandler.js';

/** The route handlers {@link createRouteHandlers} returns: one per HTTP method, all alike. */
export interface RouteHandlers {
  GET: FetchHandler;
  POST: FetchHandler;
  PATCH: FetchHandler;
  PUT: FetchHandler;
  DELETE: FetchHandler;
  OPTIONS: FetchHandler;
}

/** Options of {@link createRouteHandlers}. */
export interface RouteHandlersOptions {
  /** Where the reason the handler could not be made is logged, once. Default: `console.error`. */
  logger?: { error(message: string, meta?: Record<string, unknown>): void };
}

/** The answer while the handler cannot be made: stable, and without the reason (that is logged). */
const MISCONFIGURED = {
  error: { code: 'misconfigured', message: 'The insurance service is not configured' },
} as const;

// The settings a configuration error lists, each with its fix (none for any other error).
const problemsOf = (error: unknown) => (error instanceof ConfigurationError ? error.problems : []);

// biome-ignore lint/suspicious/noControlCharactersInRegex: dropping control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** The reason, on one line: the error's message, and how to fix each setting it names. */
function describe(error: unknown): string {
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const fixes = problemsOf(error).map((p) => `${p.variable}: ${p.fix}`);
  const text = `Reason: ${reason}${fixes.length > 0 ? ` To fix: ${fixes.join(' ')}` : ''}`;
  return text.replace(CONTROL, ' ').slice(0, 2000);
}

/**
 * Route handlers that make the real handler on the first request, not when the module loads.
 * Frameworks load route modules at build time (`next build` collects every route), where the
 * service's settings are usually absent: creating the service client there would throw and fail
 * the build. Here `create` runs once, on the first request of any method, and its handler serves
 * every later request.
 *
 * If `create` throws (or rejects), typically because a setting is missing or invalid, every
 * request is answered `500` with `{ error: { code: 'misconfigured', message: 'The insurance
 * service is not configured' } }`, and the reason is logged once: the error's message, which
 * names the setting (the library's messages never repeat a value), and the fix of each setting
 * a `ConfigurationError` (from `readServiceEnv`) lists. `create` is not called again: settings
 * are read once per process, so fix and restart.
 *
 * @param create - Makes the handler, e.g. `() => bff.handler` over a service client built from
 *   the environment. It may be async.
 * @param options - `logger`: where the reason goes (default `console.error`).
 * @example
 * // app/api/insurance/[...path]/route.ts (Next.js App Router)
 * import { createRouteHandlers } from 'lender-insurance-react/server';
 * import { getInsurance } from '@/lib/insurance'; // makes the client and BFF from process.env
 *
 * export const { GET, POST, PATCH, PUT, OPTIONS } = createRouteHandlers(() => getInsurance().bff.handler);
 *
 * // app/webhooks/insurance/route.ts
 * export const { POST } = createRouteHandlers(() => getInsurance().webhooks.handler);
 */
export function createRouteHandlers(
  create: () => FetchHandler | Promise<FetchHandler>,
  options: RouteHandlersOptions = {},
): RouteHandlers {
  const logger = options.logger ?? consoleLogger;
  let made: Promise<FetchHandler | null> | undefined;

  const make = async (): Promise<FetchHandler | null> => {
    try {
      const handler = await create();
      if (typeof handler !== 'function') {
        throw new TypeError('createRouteHandlers: create() must return a request handler');
      }
      return handler;
    } catch (error) {
      try {
        logger.error(
          `lender-insurance-react: the insurance routes are not configured; every request answers 500 "misconfigured" until the setting is fixed and the server restarted. ${describe(error)}`,
          { code: MISCONFIGURED.error.code, settings: problemsOf(error).map((p) => p.variable) },
        );
      } catch {
        // Logging is best effort: a throwing logger must not turn into an unanswered request.
      }
      return null;
    }
  };

  const handle: FetchHandler = async (request) => {
    // One creation for all methods and concurrent first requests.
    made ??= make();
    const handler = await made;
    if (!handler) return jsonResponse(MISCONFIGURED, 500, { ...securityHeaders });
    return handler(request);
  };

  return { GET: handle, POST: handle, PATCH: handle, PUT: handle, DELETE: handle, OPTIONS: handle };
}
