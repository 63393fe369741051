import type { Loan } from '../../core/schemas/loan.js';
import type { Store } from '../store/Store.js';

/** A kept loan as every instance sharing the store finds it. */
export interface SharedLoan {
  loan: Loan;
  /** The fields other than the status reflect the service at least up to this time (ms). */
  fullAsOf: number;
  /** The status (and display links) reflect the service at least up to this time (ms). */
  statusAsOf: number;
  /** When the copy stops being served (ms), however current events keep it. */
  expiresAt: number;
}

/** A shared loan found in the store, with what the marks say of it. */
export interface FoundLoan extends SharedLoan {
  /** A status mark came after its status was read: the status must be read again. */
  statusStale: boolean;
  /** When that mark was set (ms; 0 when none). */
  staleAt: number;
}

/** The kept loans of every instance sharing one store (see {@link createSharedLoans}). */
export interface SharedLoans {
  /**
   * The loan's shared copy, unless absent, expired, or read in full no later than its drop mark
   * or `since` (a mark in the same millisecond as the read counts as after it).
   */
  find(loanId: string, since: number): Promise<FoundLoan | undefined>;
  /** Shares a copy (replacing the one there). */
  put(loanId: string, shared: SharedLoan): void;
  /** Marks the shared copy's status stale as of `at`: a copy whose status is older is refreshed. */
  markStale(loanId: string, at: number): void;
  /** Marks the shared copy dropped as of `at`: a copy read in full before is not served. */
  markDropped(loanId: string, at: number): void;
}

const loanKey = (loanId: string) => `lir:loan-copy:${loanId}`;
const staleKey = (loanId: string) => `lir:loan-stale:${loanId}`;
const droppedKey = (loanId: string) => `lir:loan-dropped:${loanId}`;

/** Marks outlive the copies they judge by this much (a copy is written after its read began). */
const MARK_MARGIN_MS = 60_000;

const timeOf = (value: string | null) => Number(value) || 0;

/**
 * Shares the loans an instance read or created through the store, so another instance answers
 * them without a rate-limited read. Three keys per loan, all expiring with the copy:
 * `lir:loan-copy:<id>` (the loan as read, with the times its fields and its status were read),
 * `lir:loan-stale:<id>` (when an event or a write last moved its status) and
 * `lir:loan-dropped:<id>` (when a write or event of unknown effect last touched it). Marks are
 * only ever set, never cleared, and a copy is judged against them by time: a copy written back
 * late by an instance that read it before the mark is still stale, so no mark is ever lost. The
 * instances' clocks are taken to agree to within a read's duration.
 *
 * Writes are not awaited: the store keeps one connection's commands in order, and a failed write
 * leaves a copy bounded by its TTL. A failed read is a miss.
 */
export function createSharedLoans(
  store: Store,
  ttlMs: number,
  now: () => number = () => Date.now(),
): SharedLoans {
  const quietly = (write: Promise<unknown>) => {
    write.catch(() => undefined);
  };
  const mark = (key: string, at: number) =>
    quietly(store.set(key, String(at), ttlMs + MARK_MARGIN_MS));

  return {
    async find(loanId, since) {
      let values: [string | null, string | null, string | null];
      try {
        values = await Promise.all([
          store.get(loanKey(loanId)),
          store.get(staleKey(loanId)),
          store.get(droppedKey(loanId)),
        ]);
      } catch {
        return undefined;
      }
      const [record, stale, dropped] = values;
      if (record === null) return undefined;
      let shared: SharedLoan;
      try {
        shared = JSON.parse(record) as SharedLoan;
      } catch {
        return undefined;
      }
      if (!shared.loan || shared.expiresAt <= now()) return undefined;
      const notBefore = Math.max(since, timeOf(dropped));
      if (notBefore > 0 && shared.fullAsOf <= notBefore) return undefined;
      const staleAt = timeOf(stale);
      const statusStale = stale !== null && shared.statusAsOf <= staleAt;
      return { ...shared, statusStale, staleAt };
    },
    put(loanId, shared) {
      const ttl = shared.expiresAt - now();
      if (ttl > 0) quietly(store.set(loanKey(loanId), JSON.stringify(shared), ttl));
    },
    markStale(loanId, at) {
      mark(staleKey(loanId), at);
    },
    markDropped(loanId, at) {
      mark(droppedKey(loanId), at);
    },
  };
}
