import type { PathParams } from '../../core/paths.js';
import type { ClientOperationName, ServiceClient } from '../client/ServiceClient.js';
import { serviceErrors } from './serviceErrors.js';

/** Exactly what the BFF hands the service client: nothing of the browser's request but these. */
export interface UpstreamCall {
  params: PathParams;
  body?: unknown;
  /** The browser's signal for reads (a closed tab stops them); none for writes, which finish. */
  signal?: AbortSignal | undefined;
}

type UntypedCall = (
  name: ClientOperationName,
  options: { params: PathParams; body?: unknown; priority: 'interactive'; signal?: AbortSignal },
) => Promise<unknown>;

/**
 * Calls the service for a browser: validated path ids, the cleaned body, interactive priority
 * and, for reads, the request's signal (a closed tab stops queueing and retries). No header,
 * cookie, query or host from the browser can reach the service, because none is passed.
 */
export function callUpstream(
  client: ServiceClient,
  name: ClientOperationName,
  call: UpstreamCall,
): Promise<unknown> {
  const options = {
    params: call.params,
    ...(call.body === undefined ? {} : { body: call.body }),
    priority: 'interactive' as const,
    ...(call.signal === undefined ? {} : { signal: call.signal }),
  };
  // The row is chosen at run time, so the per-operation body type cannot be named statically;
  // the body was validated against that row's own schema.
  return (client.call as UntypedCall).call(client, name, options).catch((error: unknown) => {
    throw serviceErrors.mark(error);
  });
}
