import { ServiceError } from '../../core/errors/ServiceError.js';
import type { BffOperationName } from '../../core/operations.js';
import type { BffContext } from './BffContext.js';
import type { UnsafeUrl } from './checkServiceUrl.js';
import { exposedPaths } from './exposedPaths.js';
import { projectFields } from './projectFields.js';
import { responseFields } from './responseFields.js';

const WARNINGS: Record<UnsafeUrl['reason'], string> = {
  unsafe: 'insurance bff: unsafe service URL removed',
  not_public: 'insurance bff: document URL on a host that is not public removed',
  not_in_document_hosts: 'insurance bff: document URL on a host outside documentHosts removed',
};

interface RemovedUrls extends UnsafeUrl {
  operation: BffOperationName;
  /** Dotted path of the field (`quotes.agentBridgeLink`, `documents.url`). */
  field: string;
  count: number;
}

/**
 * What of a service answer may reach the browser: the one place every success body passes
 * through on its way out of the BFF. Only the fields the library knows for the operation (see
 * `responseFields`) and those the host exposes (`exposeFields`) are kept, at every depth; every
 * URL a browser may follow is checked, and document links must pass the BFF's document-link rule
 * (any public host, local ones too for a local service, or the pinned `documentHosts`). A
 * removed URL is logged with its operation, field, host and reason (one line per field, host
 * and reason), never the URL itself: a signed link is a credential until it expires.
 *
 * @throws {ServiceError} 502 when nothing usable is left (a retrieval without a safe link).
 */
export function toBrowserBody<S extends { id: string }>(
  ctx: Pick<BffContext<S>, 'documentHosts' | 'exposeFields' | 'logger'>,
  name: BffOperationName,
  output: unknown,
): unknown {
  // Made on the first removed URL: most answers have none.
  let removed: Map<string, RemovedUrls> | undefined;
  const body = projectFields(output, responseFields[name], exposedPaths(ctx.exposeFields[name]), {
    documentHosts: ctx.documentHosts,
    onUnsafeUrl(field, { host, reason }) {
      // One line per field, host and reason, however many quotes or documents share them.
      const key = JSON.stringify([field, host, reason]);
      removed ??= new Map();
      const line = removed.get(key);
      if (line) line.count += 1;
      else removed.set(key, { operation: name, field, host, reason, count: 1 });
    },
  });
  for (const line of removed?.values() ?? []) {
    ctx.logger.warn(WARNINGS[line.reason], { ...line });
  }
  if (body === undefined) {
    throw new ServiceError(502, 'invalid_response', `The service answer to ${name} is not usable`);
  }
  return body;
}
