import { BROWSER_REQUEST_TIMEOUT_MS } from '../../core/timeouts.js';
import type { Store } from '../store/Store.js';
import { HttpRefusal } from './HttpRefusal.js';
import { sha256Hex } from './sha256Hex.js';

/** A finished response kept for replay. */
export interface StoredResult {
  status: number;
  body: string;
  contentType: string | null;
}

/** The right to run a request once; settle it with `complete` or `release`. */
export interface IdempotencyClaim {
  /** Keeps the result, to be replayed to every later request with the same key and body. */
  complete(result: StoredResult): Promise<void>;
  /** Forgets the key, so a retry with it runs again (after a failure that may be transient). */
  release(): Promise<void>;
}

/** The outcome of {@link IdempotencyGuard.begin}. */
export type IdempotencyStart =
  | { kind: 'claimed'; claim: IdempotencyClaim }
  | { kind: 'replay'; result: StoredResult };

/** Whose key it is: keys are scoped per session and operation, so no one replays another's. */
export interface IdempotencyScope {
  sessionId: string;
  operation: string;
  key: string;
}

/** Runs a request at most once per `Idempotency-Key`. */
export interface IdempotencyGuard {
  /**
   * Claims the key for a request with this fingerprint, or returns the stored result to replay.
   *
   * @throws {HttpRefusal} 409 while the first request with the key is still running; 422 when
   * the key was used for a different request.
   */
  begin(scope: IdempotencyScope, fingerprint: string): Promise<IdempotencyStart>;
}

type IdempotencyRecord =
  | { state: 'pending'; fingerprint: string }
  | ({ state: 'done'; fingerprint: string } & StoredResult);

/** Options of {@link createIdempotencyGuard}. */
export interface IdempotencyGuardOptions {
  store: Store;
  /** How long a completed result is replayed. */
  ttlMs: number;
}

/**
 * Creates an {@link IdempotencyGuard} over a {@link Store}, so two BFF instances share the keys.
 * A claim (`pending`) lives only twice the browser's timeout: should the process die mid-request,
 * the key frees itself instead of answering 409 for a day.
 */
export function createIdempotencyGuard(options: IdempotencyGuardOptions): IdempotencyGuard {
  const { store, ttlMs } = options;
  const pendingTtlMs = Math.min(ttlMs, 2 * BROWSER_REQUEST_TIMEOUT_MS);

  return {
    async begin(scope, fingerprint) {
      const key = `lir:idem:${await sha256Hex(JSON.stringify([scope.sessionId, scope.operation, scope.key]))}`;
      const pending: IdempotencyRecord = { state: 'pending', fingerprint };
      // A record can expire between the failed claim and the read; then claim again.
      for (let attempt = 0; attempt < 3; attempt++) {
        if (await store.setIfAbsent(key, JSON.stringify(pending), pendingTtlMs)) {
          return {
            kind: 'claimed',
            claim: {
              complete: (result) =>
                store.set(key, JSON.stringify({ state: 'done', fingerprint, ...result }), ttlMs),
              release: () => store.delete(key),
            },
          };
        }
        const raw = await store.get(key);
        if (raw === null) continue;
        const record = JSON.parse(raw) as IdempotencyRecord;
        if (record.fingerprint !== fingerprint) {
          throw new HttpRefusal(
            422,
            'idempotency_key_reused',
            'This Idempotency-Key was used for a different request',
          );
        }
        if (record.state === 'done') {
          const { status, body, contentType } = record;
          return { kind: 'replay', result: { status, body, contentType } };
        }
        break;
      }
      throw new HttpRefusal(
        409,
        'idempotency_in_progress',
        'A request with this Idempotency-Key is still in progress',
      );
    },
  };
}
