import { RateLimitedError } from '../../core/errors/RateLimitedError.js';
import { BROWSER_REQUEST_TIMEOUT_MS } from '../../core/timeouts.js';
import { sleep } from '../client/sleep.js';
import { raceSignal } from '../http/raceSignal.js';
import type { Store } from '../store/Store.js';
import { StoreUnavailableError } from '../store/StoreUnavailableError.js';
import { HttpRefusal } from './HttpRefusal.js';
import type { BffLogger } from './InsuranceBffOptions.js';
import { sessionHash } from './sessionHash.js';
import { sha256Hex } from './sha256Hex.js';

/** A finished response kept for replay. */
export interface StoredResult {
  status: number;
  body: string;
  contentType: string | null;
  /** Headers that matter to the browser (`Retry-After`). */
  headers?: Record<string, string>;
}

/** Whose key it is: keys are scoped per session and operation, so no one replays another's. */
export interface IdempotencyScope {
  sessionId: string;
  operation: string;
  key: string;
}

/** What happened to a write's request to the service. */
export type SendOutcome =
  /** The service answered: `value` (JSON-serializable) is what `finish` needs. */
  | { kind: 'answered'; value: unknown }
  /** Nothing was done (refused before or by the service): the key is free for a retry. */
  | { kind: 'refused'; result: StoredResult }
  /** A final answer to replay as is: the service refused the input, or the outcome is unknown. */
  | { kind: 'final'; result: StoredResult; unknown?: boolean };

/** A write, split where the service's answer arrives. */
export interface KeyedWrite {
  /** Sends it to the service: runs at most once per key. Must not reject. */
  send(): Promise<SendOutcome>;
  /**
   * The BFF's own bookkeeping (binding a new loan to its session, recording a consent) and the
   * browser's answer, from what `send` answered. May run again for the same answer, after a
   * failure or on another instance, so it must be idempotent.
   */
  finish(value: unknown): Promise<StoredResult>;
}

/** Runs each keyed write at most once, and keeps its outcome under its key. */
export interface WriteJournal {
  /**
   * The answer to a keyed write: the first request with the key sends it; every other one (a
   * double click, a retry after a lost answer, another tab, another instance) gets its outcome,
   * waiting while it is in flight. The write goes on when the browser leaves, so a late answer
   * is still recorded and bound to the session.
   *
   * @throws {HttpRefusal} 422 when the key was used for a different request; 409 while the
   *   first request still runs after the wait; 429 past the session's cap of new keys.
   */
  run(
    scope: IdempotencyScope,
    fingerprint: string,
    write: KeyedWrite,
    signal: AbortSignal,
  ): Promise<StoredResult & { replayed: boolean }>;
}

/** Options of {@link createWriteJournal}. */
export interface WriteJournalOptions {
  store: Store;
  /** How long an outcome is replayed. */
  ttlMs: number;
  /** New keys one session may use within `ttlMs`. */
  keysPerSession: number;
  /** The outcome a write lost with its holder gets: the service may have done it. */
  unknownOutcome: () => StoredResult;
  logger: BffLogger;
  /**
   * How long a first request may hold a key before others presume it died. Default twice the
   * browser's timeout: the service client's deadline ends every call well before.
   */
  leaseMs?: number;
  /** How often a waiting request looks at the record. Default 250 ms. */
  pollMs?: number;
  /** Default `Date.now`. */
  now?: () => number;
}

type JournalRecord =
  | { state: 'pending'; fingerprint: string; leaseUntil: number }
  | { state: 'answered'; fingerprint: string; value: unknown }
  | ({ state: 'done'; fingerprint: string } & StoredResult);

interface Local {
  fingerprint: string;
  outcome: Promise<StoredResult>;
}

const reused = () =>
  new HttpRefusal(
    422,
    'idempotency_key_reused',
    'This Idempotency-Key was used for a different request',
  );

/**
 * Creates a {@link WriteJournal} over a {@link Store}, so every BFF instance shares the keys.
 *
 * A key's record goes `pending` (claimed, with a lease) → `answered` (the service's answer is
 * safe; the BFF's bookkeeping may not be done yet) → `done` (the browser's answer, replayed
 * from then on). A failure before the service took the request frees the key. An unknown
 * outcome (no answer, a 5xx, a holder that died mid-request) is recorded as done with an
 * `outcome_unknown` answer: never sent again under the same key. When the store fails after the
 * service answered, the outcome is kept in this process and written as soon as the store is
 * back: a retry here waits for it, a retry elsewhere sees the key still pending.
 */
export function createWriteJournal(options: WriteJournalOptions): WriteJournal {
  const { store, ttlMs, logger } = options;
  const now = options.now ?? (() => Date.now());
  const leaseMs = options.leaseMs ?? 2 * BROWSER_REQUEST_TIMEOUT_MS;
  const pollMs = options.pollMs ?? 250;
  // Writes of this process whose outcome is not (yet) in the store: what a retry here awaits.
  const local = new Map<string, Local>();

  const keyOf = async (scope: IdempotencyScope) =>
    `lir:idem:${await sha256Hex(JSON.stringify([scope.sessionId, scope.operation, scope.key]))}`;
  const read = async (key: string) => {
    const raw = await store.get(key);
    return raw === null ? null : (JSON.parse(raw) as JournalRecord);
  };
  const write = (key: string, record: JournalRecord) =>
    store.set(key, JSON.stringify(record), ttlMs);
  const logMeta = (scope: IdempotencyScope) => ({
    operation: scope.operation,
    idempotencyKey: scope.key,
  });

  /** Starts a claimed write; the first request's answer, and when the store holds its outcome. */
  function start(key: string, scope: IdempotencyScope, fingerprint: string, work: KeyedWrite) {
    let troubled = false;
    let reportTrouble: (error: unknown) => void = () => undefined;
    const trouble = new Promise<never>((_, reject) => {
      reportTrouble = reject;
    });
    trouble.catch(() => undefined);
    const background: Promise<unknown>[] = [];

    // Writes the record, however long the store is down (until the record would have expired).
    const persist = async (record: JournalRecord) => {
      const until = now() + ttlMs;
      for (let attempt = 0; ; attempt++) {
        try {
          await write(key, record);
          return;
        } catch (error) {
          if (!(error instanceof StoreUnavailableError) || now() >= until) throw error;
          if (!troubled) {
            troubled = true;
            logger.error(
              'insurance bff: a write outcome is kept in memory until the store is back',
              logMeta(scope),
            );
            reportTrouble(error);
          }
          await sleep(Math.min(30_000, 500 * 2 ** attempt));
        }
      }
    };

    const outcome = (async (): Promise<StoredResult> => {
      const sent = await work.send();
      if (sent.kind === 'refused') {
        // Nothing happened: a retry must be able to run. Should the delete fail, the lease
        // runs out and the key reads as unknown, which errs on the side of no duplicate.
        await store.delete(key).catch(() => undefined);
        return sent.result;
      }
      if (sent.kind === 'final') {
        if (sent.unknown) {
          logger.error('insurance bff: the outcome of a write is unknown; not sent again', {
            ...logMeta(scope),
          });
        }
        background.push(persist({ state: 'done', fingerprint, ...sent.result }));
        return sent.result;
      }
      await persist({ state: 'answered', fingerprint, value: sent.value });
      const result = await work.finish(sent.value);
      // Best effort: should it fail, the record stays answered and a retry finishes again.
      await write(key, { state: 'done', fingerprint, ...result }).catch(() => undefined);
      return result;
    })();
    const stored = outcome.catch(() => undefined).then(() => Promise.allSettled(background));
    return { outcome, first: Promise.race([outcome, trouble]), stored };
  }

  /** Follows a record this process does not hold until it has an outcome. */
  async function follow(
    key: string,
    scope: IdempotencyScope,
    fingerprint: string,
    work: KeyedWrite,
    signal: AbortSignal,
  ): Promise<StoredResult | 'free'> {
    const waitUntil = now() + (BROWSER_REQUEST_TIMEOUT_MS * 2) / 3;
    for (;;) {
      const record = await read(key);
      if (record === null) return 'free';
      if (record.fingerprint !== fingerprint) throw reused();
      if (record.state === 'done') {
        const { status, body, contentType } = record;
        return { status, body, contentType };
      }
      if (record.state === 'answered') {
        const result = await work.finish(record.value);
        await write(key, { state: 'done', fingerprint, ...result });
        return result;
      }
      if (record.leaseUntil <= now()) {
        // Its holder went away mid-write (a crash): the service may have done it.
        const result = options.unknownOutcome();
        await write(key, { state: 'done', fingerprint, ...result });
        logger.error(
          'insurance bff: a write was abandoned mid-request; its outcome is unknown',
          logMeta(scope),
        );
        return result;
      }
      if (now() >= waitUntil) {
        const left = Math.max(1, Math.ceil((record.leaseUntil - now()) / 1000));
        throw new HttpRefusal(
          409,
          'idempotency_in_progress',
          'A request with this Idempotency-Key is still in progress',
          { 'Retry-After': String(left) },
        );
      }
      await sleep(pollMs, signal);
    }
  }

  return {
    async run(scope, fingerprint, work, signal) {
      const key = await keyOf(scope);
      // Three times: a record may expire between a failed claim and the read.
      for (let attempt = 0; attempt < 3; attempt++) {
        const mine = local.get(key);
        if (mine) {
          if (mine.fingerprint !== fingerprint) throw reused();
          return { ...(await raceSignal(mine.outcome, signal)), replayed: true };
        }
        const leaseUntil = now() + leaseMs;
        const pending: JournalRecord = { state: 'pending', fingerprint, leaseUntil };
        if (await store.setIfAbsent(key, JSON.stringify(pending), ttlMs)) {
          const fresh = await store.acquireSlot(
            `lir:idem-keys:${await sessionHash(scope.sessionId)}`,
            options.keysPerSession,
            ttlMs,
          );
          if (!fresh.acquired) {
            await store.delete(key);
            throw new RateLimitedError(fresh.retryInMs, 'Too many new requests from this session');
          }
          const started = start(key, scope, fingerprint, work);
          const entry: Local = { fingerprint, outcome: started.outcome };
          local.set(key, entry);
          void started.stored.then(() => {
            if (local.get(key) === entry) local.delete(key);
          });
          // The write goes on without the browser: its outcome belongs to the key.
          return { ...(await raceSignal(started.first, signal)), replayed: false };
        }
        const followed = await follow(key, scope, fingerprint, work, signal);
        if (followed !== 'free') return { ...followed, replayed: true };
      }
      throw new HttpRefusal(
        409,
        'idempotency_in_progress',
        'A request with this Idempotency-Key is still in progress',
      );
    },
  };
}
