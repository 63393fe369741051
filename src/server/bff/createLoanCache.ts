import type { Loan } from '../../core/schemas/loan.js';
import { raceSignal } from '../http/raceSignal.js';

/** A per-loan cache of loan reads that also coalesces concurrent ones. */
export interface LoanCache {
  /** Whether a read of the loan would be answered without a new upstream call. */
  has(loanId: string): boolean;
  /**
   * The loan: the cached copy while fresh, else the read in flight, else a new `load`. The load
   * is shared, so it is aborted only once every caller waiting for it has gone (`signal`).
   */
  get(
    loanId: string,
    load: (signal: AbortSignal) => Promise<Loan>,
    signal?: AbortSignal,
  ): Promise<Loan>;
  /** Drops the loan's copy (an event changed it); a read in flight will not be cached. */
  invalidate(loanId: string): void;
  /** Drops every copy (events may have been missed). */
  clear(): void;
}

/** Options of {@link createLoanCache}. */
export interface LoanCacheOptions {
  ttlMs: number;
  /** Default `Date.now`. */
  now?: () => number;
  /** Loans kept at most; the oldest go first. Default 10 000. */
  maxEntries?: number;
}

interface Flight {
  loanId: string;
  promise: Promise<Loan>;
  controller: AbortController;
  waiters: number;
}

interface Entry {
  value?: Loan;
  expiresAt: number;
  flight?: Flight;
}

/**
 * Creates a {@link LoanCache}. Ten tabs of one borrower reading the same loan cost one
 * rate-limited upstream call, and a `loan.shopped` event makes the next read a fresh one.
 */
export function createLoanCache(options: LoanCacheOptions): LoanCache {
  const now = options.now ?? (() => Date.now());
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, Entry>();

  const fresh = (entry: Entry | undefined): entry is Entry & { value: Loan } =>
    entry?.value !== undefined && entry.expiresAt > now();

  function trim() {
    if (entries.size <= maxEntries) return;
    for (const [id, entry] of entries) {
      if (entries.size <= maxEntries) break;
      if (!entry.flight) entries.delete(id);
    }
  }

  function start(loanId: string, load: (signal: AbortSignal) => Promise<Loan>): Flight {
    const entry: Entry = { expiresAt: 0 };
    const controller = new AbortController();
    const flight: Flight = { loanId, promise: load(controller.signal), controller, waiters: 0 };
    entry.flight = flight;
    entries.delete(loanId);
    entries.set(loanId, entry);
    trim();
    flight.promise.then(
      (loan) => {
        // Invalidated meanwhile (the entry was replaced or dropped): serve, but do not keep.
        if (entries.get(loanId) !== entry) return;
        entry.flight = undefined;
        if (options.ttlMs > 0) {
          entry.value = loan;
          entry.expiresAt = now() + options.ttlMs;
        } else {
          entries.delete(loanId);
        }
      },
      () => {
        if (entries.get(loanId) === entry) entries.delete(loanId);
      },
    );
    return flight;
  }

  function wait(flight: Flight, signal: AbortSignal | undefined): Promise<Loan> {
    flight.waiters++;
    if (!signal) return flight.promise;
    const onAbort = () => leave(flight);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    return raceSignal(flight.promise, signal).finally(() =>
      signal.removeEventListener('abort', onAbort),
    );
  }

  function leave(flight: Flight) {
    if (--flight.waiters > 0) return;
    // Nobody waits any more: stop the call, and let the next reader start a new one.
    if (entries.get(flight.loanId)?.flight === flight) entries.delete(flight.loanId);
    flight.controller.abort();
  }

  return {
    has(loanId) {
      const entry = entries.get(loanId);
      return fresh(entry) || entry?.flight !== undefined;
    },
    get(loanId, load, signal) {
      const entry = entries.get(loanId);
      if (fresh(entry)) return Promise.resolve(entry.value);
      const flight = entry?.flight ?? start(loanId, load);
      return wait(flight, signal);
    },
    invalidate(loanId) {
      entries.delete(loanId);
    },
    clear() {
      entries.clear();
    },
  };
}
