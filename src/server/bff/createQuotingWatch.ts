import { isErrored, isRated } from '../../core/loanStatus.js';
import type { ServiceClient } from '../client/ServiceClient.js';
import { serviceDiagnoses } from '../client/serviceDiagnoses.js';
import type { EventRelay } from '../events/createEventRelay.js';
import type { HintLog } from '../events/createHintLog.js';
import type { WebhookHealthSnapshot } from '../events/createWebhookHealth.js';
import type { BffLogger } from './InsuranceBffOptions.js';

/** Options of {@link createQuotingWatch}. */
export interface QuotingWatchOptions {
  client: ServiceClient;
  relay: EventRelay;
  logger: BffLogger;
  /** Where a read failure that names a setting is logged (once a minute per cause). */
  hints: HintLog;
  /** How long after a shop its `loan.shopped` event may take before the watch steps in. */
  afterMs: number;
  /** Time between reads of the outcome while quoting still runs. Default 15 000 ms. */
  recheckMs?: number;
  /** Reads of the outcome per shopped loan, at most. Default 4. */
  maxReads?: number;
  /** Loans watched (and loans whose event was seen) at once; the oldest go first. Default 1 000. */
  maxLoans?: number;
  /** Clock (ms). Default `Date.now`. */
  now?: () => number;
}

/** Follows shopped loans until their event arrives, and steps in when it does not. */
export interface QuotingWatch {
  /** A shop of the loan, sent at `sentAt`, was accepted by the service. */
  shopped(loanId: string, sentAt: number): void;
  /** An event about the loan was relayed (from any instance). */
  eventArrived(loanId: string): void;
  /** Stops every watch. */
  stop(): void;
}

interface Watch {
  sentAt: number;
  reads: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

const iso = (at: number) => new Date(at).toISOString();

/** What the receiver sharing the relay last did, for the log line (empty without a record). */
function healthText(health: WebhookHealthSnapshot | undefined): string {
  if (!health) return '';
  const refused = health.lastRefused
    ? `Last refused delivery: ${iso(health.lastRefused.at)}, ${health.lastRefused.reason} (${health.lastRefused.fix}).`
    : 'Last refused delivery: none since this process started.';
  const accepted = `Last accepted delivery: ${health.lastAcceptedAt === null ? 'none since this process started' : iso(health.lastAcceptedAt)}.`;
  return ` ${refused} ${accepted}`;
}

/** Drops the oldest entries of `map` until it has room for one more. */
function makeRoom<V>(map: Map<string, V>, max: number, drop: (value: V) => void = () => {}) {
  while (map.size >= max) {
    const oldest = map.entries().next().value;
    if (!oldest) return;
    drop(oldest[1]);
    map.delete(oldest[0]);
  }
}

/**
 * Watches each loan this BFF shopped for its `loan.shopped` event. When none has come
 * `afterMs` after the shop (quoting takes 30-45 s), a webhook is not reaching the receiver: it
 * logs, once for the loan, that no webhook arrived, with the receiver's last refused and
 * accepted deliveries (from the relay's `webhookHealth`: a wrong secret shows as "invalid
 * signature") and what to check. Then it reads the outcome itself from the shopped loan (an
 * operation the service does not rate limit), again every `recheckMs` while quoting still runs,
 * up to `maxReads` reads; once the loan is rated or errored it relays a `loan.shopped` event for
 * it, so the borrower's page (streaming or polling) refreshes and shows the quotes instead of
 * waiting for its own time-out. The host's `onEvent` is not called for it: it is no delivery.
 */
export function createQuotingWatch(options: QuotingWatchOptions): QuotingWatch {
  const { client, relay, logger, hints, afterMs } = options;
  const recheckMs = options.recheckMs ?? 15_000;
  const maxReads = options.maxReads ?? 4;
  const maxLoans = options.maxLoans ?? 1_000;
  const now = options.now ?? (() => Date.now());
  const watches = new Map<string, Watch>();
  /** When an event about each loan was last relayed: one may overtake the shop's own answer. */
  const lastEventAt = new Map<string, number>();
  let stopped = false;

  const clear = (watch: Watch) => clearTimeout(watch.timer);
  const eventSince = (loanId: string, at: number) => (lastEventAt.get(loanId) ?? -1) >= at;

  function schedule(loanId: string, watch: Watch, ms: number) {
    watch.timer = setTimeout(() => void check(loanId, watch), ms);
    // A watch must never keep a process alive that is otherwise done.
    (watch.timer as { unref?: () => void }).unref?.();
  }

  async function readStatus(loanId: string): Promise<string | undefined> {
    try {
      const shopped = await client.call('getShoppedLoan', {
        params: { loanId },
        priority: 'background',
      });
      return shopped.status;
    } catch (error) {
      const diagnosis = serviceDiagnoses.of(error);
      if (diagnosis) {
        hints(diagnosis.key, `insurance bff: ${diagnosis.message}`, {
          operation: 'getShoppedLoan',
        });
      } else {
        logger.warn('insurance bff: could not read the quoting outcome of a shopped loan', {
          loanId,
          error: error instanceof Error ? error.name : typeof error,
        });
      }
      return undefined;
    }
  }

  function reportMissing(loanId: string, status: string | undefined, done: boolean) {
    const seconds = Math.round(afterMs / 1000);
    const said = status === undefined ? '' : ` (the service says its status is ${status})`;
    const next = done
      ? "The BFF read the outcome itself and passed it on to the borrower's page."
      : "The BFF reads the outcome itself until quoting ends, and passes it on to the borrower's page.";
    logger.error(
      `insurance bff: no webhook has arrived for loan ${loanId} ${seconds} s after it was shopped${said}.${healthText(relay.webhookHealth?.snapshot())} Check that the service's webhook URL (registered with the service's support) points at this server's webhook receiver and that the service can reach it. ${next}`,
      { loanId },
    );
  }

  async function relayOutcome(loanId: string, watch: Watch) {
    try {
      await relay.publish({
        id: `lir_quoting_${loanId}_${watch.sentAt}`,
        type: 'loan.shopped',
        objectType: 'loan',
        occurredAt: iso(now()),
        data: {
          loanId,
          ...(client.partnerId === undefined ? {} : { partnerId: client.partnerId }),
        },
      });
    } catch (error) {
      logger.error('insurance bff: could not pass a quoting outcome on to the borrower', {
        loanId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  async function check(loanId: string, watch: Watch) {
    if (watches.get(loanId) !== watch) return;
    if (eventSince(loanId, watch.sentAt)) {
      watches.delete(loanId);
      return;
    }
    watch.reads++;
    const status = await readStatus(loanId);
    // The event came, or the watch was stopped or replaced, while the read was out.
    if (watches.get(loanId) !== watch || eventSince(loanId, watch.sentAt)) return;
    const done = isRated(status) || isErrored(status);
    if (watch.reads === 1) reportMissing(loanId, status, done);
    if (done) {
      watches.delete(loanId);
      await relayOutcome(loanId, watch);
      return;
    }
    if (watch.reads >= maxReads) {
      watches.delete(loanId);
      logger.warn(
        `insurance bff: quoting of loan ${loanId} has not ended ${Math.round((now() - watch.sentAt) / 1000)} s after it was shopped, and no webhook came; the borrower's page stops waiting at its own time-out`,
        { loanId, status },
      );
      return;
    }
    schedule(loanId, watch, recheckMs);
  }

  return {
    shopped(loanId, sentAt) {
      if (stopped || watches.has(loanId) || eventSince(loanId, sentAt)) return;
      makeRoom(watches, maxLoans, clear);
      const watch: Watch = { sentAt, reads: 0, timer: undefined };
      watches.set(loanId, watch);
      schedule(loanId, watch, afterMs);
    },
    eventArrived(loanId) {
      lastEventAt.delete(loanId);
      makeRoom(lastEventAt, maxLoans);
      lastEventAt.set(loanId, now());
      const watch = watches.get(loanId);
      if (watch && eventSince(loanId, watch.sentAt)) {
        clear(watch);
        watches.delete(loanId);
      }
    },
    stop() {
      stopped = true;
      for (const watch of watches.values()) clear(watch);
      watches.clear();
    },
  };
}
