import { formatSseEvent } from '../../core/formatSseEvent.js';
import type { RelayedEvent } from '../../core/schemas/loanEvent.js';
import type { EventRelay } from '../events/createEventRelay.js';
import type { StreamSlot } from './createStreamRegistry.js';
import type { BffLogger } from './InsuranceBffOptions.js';

/** Options of {@link streamLoanEvents}. */
export interface LoanEventStreamOptions {
  relay: EventRelay;
  loanId: string;
  /** Resume after this cursor (`Last-Event-ID`); null sends the whole backlog. */
  cursor: string | null;
  heartbeatMs: number;
  /** The request's signal: the browser going away ends the stream. */
  signal: AbortSignal;
  logger: BffLogger;
  /** The stream's place among its session's streams, so they can be ended together. */
  slot: StreamSlot;
  /**
   * Whether the stream may go on (its session still signed in and allowed the loan), asked
   * every `checkMs`: a stream ends when its session does, not only when the browser leaves.
   */
  stillAllowed(): Promise<boolean>;
  checkMs: number;
}

const encoder = new TextEncoder();
/**
 * A `text/event-stream` response of a loan's events: `retry: 3000`, the backlog after the cursor,
 * then live events, with `: heartbeat` comments so proxies keep the connection open. It
 * subscribes before reading the backlog, so no event falls between the two, and skips live
 * events already sent from the backlog. Ending the request or cancelling the stream
 * unsubscribes and stops the heartbeat; so does the store's subscription being interrupted,
 * after which the browser reconnects and resumes from the backlog. The stream also ends when
 * `stillAllowed` says no (or fails: it fails closed), and when its slot is ended.
 */
export function streamLoanEvents(options: LoanEventStreamOptions): Response {
  const { relay, loanId, cursor, heartbeatMs, signal, logger, slot } = options;
  let stop: () => void = () => undefined;

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      let live = false;
      const pending: RelayedEvent[] = [];
      const fromBacklog = new Set<string>();

      const send = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const subscription = relay.subscribe(
        loanId,
        (entry) => {
          if (closed) return;
          if (!live) pending.push(entry);
          else if (!fromBacklog.has(entry.cursor)) send(formatSseEvent(entry));
        },
        // Live events may have been missed (the shared store's connection dropped): end the
        // stream, and the browser resumes with Last-Event-ID from the backlog.
        { onInterrupted: () => stop() },
      );
      const heartbeat = setInterval(() => send(': heartbeat\n\n'), heartbeatMs);
      const check = setInterval(() => {
        options.stillAllowed().then(
          (allowed) => {
            if (!allowed) stop();
          },
          () => stop(),
        );
      }, options.checkMs);
      const onAbort = () => stop();

      stop = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        clearInterval(check);
        signal.removeEventListener('abort', onAbort);
        slot.release();
        subscription.then((unsubscribe) => unsubscribe()).catch(() => undefined);
        try {
          controller.close();
        } catch {
          // already cancelled by the reader
        }
      };
      slot.bind(stop);
      signal.addEventListener('abort', onAbort, { once: true });
      if (signal.aborted) {
        stop();
        return;
      }

      send('retry: 3000\n\n');
      (async () => {
        await subscription;
        const backlog = await relay.read(loanId, cursor);
        for (const entry of backlog) {
          fromBacklog.add(entry.cursor);
          send(formatSseEvent(entry));
        }
        live = true;
        for (const entry of pending.splice(0)) {
          if (!fromBacklog.has(entry.cursor)) send(formatSseEvent(entry));
        }
      })().catch(() => {
        logger.error('insurance bff: event stream failed', { operation: 'loanEvents' });
        stop();
      });
    },
    cancel() {
      stop();
    },
  });

  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // Keeps nginx-style proxies from buffering the stream.
      'X-Accel-Buffering': 'no',
    },
  });
}
