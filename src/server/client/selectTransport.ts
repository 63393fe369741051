import { nodeTransport } from './nodeTransport.js';
import { sendAttempt } from './sendAttempt.js';
import type { Transport } from './Transport.js';

// Called without a receiver: a native fetch refuses to run with `this` set to another object.
const globalFetch: typeof fetch = (input, init) => globalThis.fetch(input, init);

/**
 * How a service client sends its exchanges (its calls and its token requests alike): through
 * `fetch` when one is given; else through `node:http` / `node:https` on Node (see
 * `nodeTransport`); else through `globalThis.fetch`, read at each exchange, so a polyfill or a
 * test installed later is used.
 */
export function selectTransport(fetchOption: typeof fetch | undefined): Transport {
  if (fetchOption !== undefined)
    return (request) => sendAttempt({ ...request, fetch: fetchOption });
  return nodeTransport() ?? ((request) => sendAttempt({ ...request, fetch: globalFetch }));
}
