import { delay, HttpResponse, http } from 'msw';
import type { BffOperationName } from '../../core/operations.js';
import { DEFAULT_BFF_BASE_PATH, operations, trimBasePath } from '../../core/operations.js';

/** Where the BFF is mounted in a scenario. Default `/api/insurance`. */
export interface ScenarioOptions {
  basePath?: string;
}

function route(operation: BffOperationName, options: ScenarioOptions = {}) {
  const { method, path } = operations[operation].bff;
  const base = trimBasePath(options.basePath ?? DEFAULT_BFF_BASE_PATH);
  // `{loanId}` in the table is `:loanId` in MSW's path syntax.
  return { method, url: `*${base}${path.replace(/\{(\w+)\}/g, ':$1')}` };
}

function handle(
  operation: BffOperationName,
  options: ScenarioOptions | undefined,
  answer: (info: {
    params: Record<string, string | readonly string[] | undefined>;
  }) => Response | Promise<Response>,
) {
  const { method, url } = route(operation, options);
  return http[method.toLowerCase() as 'get' | 'post' | 'put' | 'patch'](url, answer);
}

/** The operation answers 429 with `Retry-After` (default 20 s), as the BFF does past a limit. */
export function rateLimited(
  operation: BffOperationName,
  options: ScenarioOptions & { retryAfterSeconds?: number } = {},
) {
  const seconds = options.retryAfterSeconds ?? 20;
  return handle(operation, options, () =>
    HttpResponse.json(
      {
        error: { code: 'rate_limited', message: 'Rate limit exceeded', retryAfterSeconds: seconds },
      },
      { status: 429, headers: { 'Retry-After': String(seconds) } },
    ),
  );
}

/** The operation fails with an error body (default 502 `service_error`). */
export function failing(
  operation: BffOperationName,
  options: ScenarioOptions & { status?: number; code?: string; message?: string } = {},
) {
  return handle(operation, options, () =>
    HttpResponse.json(
      {
        error: {
          code: options.code ?? 'service_error',
          message: options.message ?? 'The insurance service is not available right now',
        },
      },
      { status: options.status ?? 502 },
    ),
  );
}

/** The operation never reaches a server (`fetch` rejects, as when offline). */
export function offline(operation: BffOperationName, options?: ScenarioOptions) {
  return handle(operation, options, () => HttpResponse.error());
}

/** The operation never answers (to show pending states and test time-outs). */
export function pending(operation: BffOperationName, options?: ScenarioOptions) {
  return handle(operation, options, async () => {
    await delay('infinite');
    return HttpResponse.error();
  });
}

/** The quote display of any loan is rated with no quote in it (the components' empty state). */
export function noQuotes(options?: ScenarioOptions) {
  return handle('getQuoteDisplay', options, ({ params }) =>
    HttpResponse.json({ id: String(params.loanId), status: 'RC1_RATED', quotes: [] }),
  );
}

/** Any policy is read without documents (the components' empty state). */
export function noDocuments(options?: ScenarioOptions) {
  return handle('getPolicy', options, ({ params }) =>
    HttpResponse.json({
      id: String(params.policyId),
      carrier: 'Harborline Mutual',
      policyNumber: 'HM-2027-000123',
      policyType: 'HO3',
      effectiveDate: '2027-01-15',
      expirationDate: '2028-01-15',
      premium: 1480,
      status: 'ACTIVE',
      documents: [],
    }),
  );
}
