import { createParser } from 'eventsource-parser';
import { errorFromResponse } from '../core/errors/errorFromResponse.js';
import { InsuranceError } from '../core/errors/InsuranceError.js';
import { NotBffResponseError } from '../core/errors/NotBffResponseError.js';
import type { LoanEvent } from '../core/schemas/loanEvent.js';
import { buildRequest } from './buildRequest.js';
import type { EventConnectionState } from './InsuranceAdapter.js';
import { notBffAnswer } from './notBffAnswer.js';
import { readLoanEvent } from './readLoanEvent.js';
import { readText } from './readText.js';
import { reportNotBff } from './reportNotBff.js';
import type { HttpConfig } from './resolveHttpConfig.js';
import { sendRequest } from './sendRequest.js';
import { startDeadline } from './startDeadline.js';

/** What a loan's connections remember between them, so a new one resumes rather than replays. */
export interface EventMemory {
  /** The last cursor seen (SSE id, polling cursor): sent as `Last-Event-ID` or `?after=`. */
  cursor: string | null;
  /** Event ids already delivered, oldest first. */
  seen: Set<string>;
}

/** Where a connection reports to. */
export interface EventConnectionHandlers {
  onEvent(event: LoanEvent): void;
  onState(state: EventConnectionState): void;
  /** Why the connection closes for good (called just before the state becomes `closed`). */
  onError(error: InsuranceError): void;
}

/** The server's `retry:` until it sends one (the BFF sends `retry: 3000`). */
const DEFAULT_RETRY_MS = 3_000;
const MAX_BACKOFF_MS = 30_000;
const FAILURES_BEFORE_POLLING = 3;
/** Ids kept for de-duplication: a loan has a handful of events; this bounds a hostile stream. */
const MAX_SEEN = 500;

// Spreads reconnects of many tabs after a BFF restart over half the delay.
const jitter = (ms: number) => ms / 2 + (Math.random() * ms) / 2;
const backoff = (base: number, failures: number) =>
  jitter(Math.min(MAX_BACKOFF_MS, base * 2 ** failures));

// These will not change by asking again (bad id, CSRF refused, not this session's loan); a 401
// might, once the user signs in again, so it keeps being retried at the capped backoff.
const isFatal = (status: number) =>
  status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429;
// An answer that is not the BFF's comes again on every try, unless it is a 5xx: a proxy
// answering while the BFF restarts.
const endsIt = (error: unknown) =>
  error instanceof NotBffResponseError
    ? (error.status ?? 0) < 500
    : error instanceof InsuranceError && !!error.status && isFatal(error.status);

/**
 * Follows one loan's events until the returned function is called: server-sent events read over
 * `fetch` (headers can be sent, and it works where `EventSource` does not), resumed with
 * `Last-Event-ID` within the server's `retry` (jittered) when the stream ends, with capped exponential
 * backoff when it fails. When streaming is not possible (no `ReadableStream`, an answer that is
 * not an event stream, no body, or three failures in a row) it polls the BFF's
 * `GET …/events?after=<cursor>` instead: the BFF answers from its relay, never from the service.
 * A refusal that asking again cannot change (an answer that is not the BFF's, a loan that is not
 * the session's) closes it for good, with the typed error.
 *
 * @param path - The loan's event path, from `operationPath('loanEvents', …)` (its id checked).
 */
export function openEventConnection(
  config: HttpConfig,
  path: string,
  memory: EventMemory,
  { onEvent, onState, onError }: EventConnectionHandlers,
): () => void {
  let stopped = false;
  let failures = 0;
  let retryMs = DEFAULT_RETRY_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt: AbortController | undefined;

  const later = (ms: number, run: () => void) => {
    if (!stopped) timer = setTimeout(run, ms);
  };

  const deliver = (value: unknown, cursor: string | undefined) => {
    if (cursor) memory.cursor = cursor;
    const event = readLoanEvent(value);
    if (!event || memory.seen.has(event.id)) return;
    memory.seen.add(event.id);
    if (memory.seen.size > MAX_SEEN)
      memory.seen.delete(memory.seen.values().next().value as string);
    onEvent(event);
  };

  const readPage = (page: unknown) => {
    const { events, cursor } = (page ?? {}) as { events?: unknown; cursor?: unknown };
    if (Array.isArray(events)) {
      for (const entry of events) {
        const { event, cursor: at } = (entry ?? {}) as { event?: unknown; cursor?: unknown };
        deliver(event, typeof at === 'string' ? at : undefined);
      }
    }
    if (typeof cursor === 'string' && cursor !== '') memory.cursor = cursor;
  };

  const close = () => {
    stopped = true;
    clearTimeout(timer);
    attempt?.abort();
  };

  const end = (error: InsuranceError) => {
    close();
    onError(error);
    onState('closed');
  };

  const poll = async (failed = 0) => {
    onState('polling');
    attempt = new AbortController();
    const query = memory.cursor ? `?after=${encodeURIComponent(memory.cursor)}` : '';
    try {
      readPage(
        await sendRequest(
          config,
          { method: 'GET', path: path + query, accept: 'application/json' },
          attempt.signal,
        ),
      );
      later(config.pollIntervalMs, () => poll());
    } catch (error) {
      if (stopped) return;
      if (endsIt(error)) return end(error as InsuranceError);
      later(backoff(config.pollIntervalMs, failed + 1), () => poll(failed + 1));
    }
  };

  const fail = () => {
    failures += 1;
    if (failures >= FAILURES_BEFORE_POLLING) {
      void poll();
      return;
    }
    onState('connecting');
    later(backoff(retryMs, failures - 1), stream);
  };

  const read = async (body: ReadableStream<Uint8Array>, controller: AbortController) => {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    const parser = createParser({
      onEvent(message) {
        let data: unknown;
        try {
          data = JSON.parse(message.data);
        } catch {
          return;
        }
        deliver(data, message.id);
      },
      onRetry(ms) {
        retryMs = Math.min(MAX_BACKOFF_MS, Math.max(1_000, ms));
      },
    });
    // The BFF sends a heartbeat every 15 s: a stream silent for much longer is a dead connection
    // (a laptop that slept, a proxy that dropped it) that would otherwise never end.
    const idleLimit = config.timeoutMs * 2;
    let idle = setTimeout(() => controller.abort(), idleLimit);
    // Not every fetch errors the body when its signal aborts once the headers are in: cancelling
    // the reader ends the pending read either way.
    const cancel = () => void reader.cancel().catch(() => undefined);
    controller.signal.addEventListener('abort', cancel, { once: true });
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        clearTimeout(idle);
        idle = setTimeout(() => controller.abort(), idleLimit);
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } finally {
      clearTimeout(idle);
      controller.signal.removeEventListener('abort', cancel);
    }
  };

  async function stream(): Promise<void> {
    if (typeof ReadableStream === 'undefined' || typeof TextDecoder === 'undefined') {
      return poll();
    }
    onState('connecting');
    const controller = new AbortController();
    attempt = controller;
    const deadline = startDeadline(config.timeoutMs, controller.signal);
    try {
      const [url, init] = buildRequest(config, {
        method: 'GET',
        path,
        accept: 'text/event-stream',
        lastEventId: memory.cursor,
      });
      init.signal = deadline.signal;
      const send = config.fetch();
      const response = await send(url, init);
      if (stopped) {
        deadline.clear();
        void response.body?.cancel().catch(() => undefined);
        return;
      }
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !type.toLowerCase().includes('text/event-stream') || !response.body) {
        // A refusal, or no stream: something between us and the BFF dropped the `Accept` header
        // (a JSON answer is already a polling page), the platform gives no body stream, or the
        // answer is not the BFF's at all (a host's page).
        const text = await readText(response, deadline.signal);
        deadline.clear();
        if (stopped) return;
        const notBff = notBffAnswer(config, { method: 'GET', url }, response, text);
        if (notBff) reportNotBff(config, notBff);
        if (endsIt(notBff)) return end(notBff as NotBffResponseError);
        if (!response.ok) {
          // What is left of a 4xx is the BFF's own refusal (not your loan, say).
          return isFatal(response.status)
            ? end(errorFromResponse({ status: response.status, body: text }))
            : fail();
        }
        readPage(text === '' ? undefined : JSON.parse(text));
        onState('polling');
        later(config.pollIntervalMs, () => poll());
        return;
      }
      // The deadline is for getting an answer; the stream itself lives as long as it is wanted.
      deadline.clear();
      onState('open');
      failures = 0;
      await read(response.body, controller);
      if (stopped) return;
      onState('connecting');
      // Streams often end together (a BFF restarting, or its shared store's connection
      // dropping): spread their reconnects over the second half of the server's retry.
      later(jitter(retryMs), stream);
    } catch {
      deadline.clear();
      if (!stopped) fail();
    }
  }

  void stream();
  return close;
}
