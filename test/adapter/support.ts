import { HttpResponse, http } from 'msw';
import { formatSseEvent } from '../../src/core/formatSseEvent.js';
import type { LoanEvent } from '../../src/core/index.js';
import { mswServer } from '../support/mswServer.js';

// What the adapter loads on first use (its answer, error and event-stream readers: one lazy chunk
// in a host's bundle) is loaded here, as a page would have by its second request, so the tests'
// `settle()` rounds wait for the network, not for the test runner transforming a module.
await import('../../src/adapter/deferred.js');

/** The adapter's default base path, as the page (jsdom at http://localhost:3000) sees it. */
export const BASE = '/api/insurance';
export const ORIGIN = 'http://localhost:3000';

/** A request as the network saw it. */
export interface SeenRequest {
  method: string;
  /** Path and query. */
  url: string;
  headers: Headers;
  body: string;
  /** The request's signal: aborted when the client gives up on it. */
  signal: AbortSignal;
}

/** Answers for {@link recordRequests}, by `METHOD /path?query`. */
export type Answer = (seen: SeenRequest, index: number) => Response | Promise<Response>;

/**
 * Records every request, whatever its route, and answers with `answer` (default 200 `{}`). The
 * catch-all also proves that nothing reached a route it should not have.
 */
export function recordRequests(answer: Answer = () => HttpResponse.json({})) {
  const seen: SeenRequest[] = [];
  mswServer.use(
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      const entry: SeenRequest = {
        method: request.method,
        url: url.pathname + url.search,
        headers: request.headers,
        body: await request.clone().text(),
        signal: request.signal,
      };
      seen.push(entry);
      return answer(entry, seen.length - 1);
    }),
  );
  return seen;
}

/** A server-sent-event body the test writes to, chunk by chunk. */
export function eventStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const state = { cancelled: false, closed: false };
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return {
    state,
    response: () =>
      new HttpResponse(body, {
        headers: { 'Content-Type': 'text/event-stream; charset=utf-8' },
      }),
    push(text: string | Uint8Array) {
      if (state.cancelled || state.closed) return;
      controller.enqueue(typeof text === 'string' ? encoder.encode(text) : text);
    },
    end() {
      if (state.cancelled || state.closed) return;
      state.closed = true;
      controller.close();
    },
    fail() {
      if (state.cancelled || state.closed) return;
      state.closed = true;
      controller.error(new TypeError('network error'));
    },
  };
}

/** A loan event as the BFF relays it. */
export function loanEvent(n: number, extra: Partial<LoanEvent> = {}): LoanEvent {
  return {
    id: `evt_${n}`,
    type: 'loan.shopped',
    occurredAt: '2026-03-02T15:00:00Z',
    loanId: 'loan_1',
    ...extra,
  };
}

/** One SSE frame exactly as the BFF writes it: `id:` (the cursor), `event:`, `data:`. */
export const frame = (cursor: string, event: LoanEvent) => formatSseEvent({ cursor, event });

/** A loan application as the BFF answers it. */
export function loanBody(id = 'loan_1') {
  return {
    id,
    loanNumber: `LN-${id}`,
    status: 'NOT_YET_RATED',
    borrowers: [{ firstName: 'Avery', lastName: 'Stone', isPrimary: true }],
    property: { address: { street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' } },
    hostedDisplayUrl: '',
    currentInsurancePolicies: [],
    futureField: { kept: true },
  };
}

/**
 * Lets pending promise callbacks, stream reads and MSW's handlers run, on real macrotasks
 * (`setImmediate`), so it works the same whether `setTimeout` is faked or not.
 */
export async function settle(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((r) => setImmediate(r));
}
