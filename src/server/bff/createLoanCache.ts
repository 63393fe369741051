import type { Loan } from '../../core/schemas/loan.js';
import { raceSignal } from '../http/raceSignal.js';
import type { Store } from '../store/Store.js';
import type { FoundLoan } from './createSharedLoans.js';
import { createSharedLoans } from './createSharedLoans.js';
import type { LoanChange } from './LoanChange.js';

/** Where a loan cache reads from. */
export interface LoanSources {
  /** The loan itself (`GET /v1/loans/{id}`, rate limited). */
  load(signal: AbortSignal): Promise<Loan>;
  /**
   * The loan's status and display links from an operation the service does not rate limit;
   * `undefined` when none answered them (the cache then loads the loan).
   */
  status(signal: AbortSignal): Promise<Partial<Loan> | undefined>;
}

/**
 * What the BFF knows of each loan it read or created: kept while valid, and kept current by the
 * loan's events and the BFF's own writes rather than dropped, so reloads, other tabs and other
 * clients cost no rate-limited read. Concurrent reads of one loan share one upstream call.
 */
export interface LoanCache {
  /**
   * Whether this instance holds the loan (or is reading it), so a read is answered without a
   * rate-limited upstream call. A loan held only in the store says false.
   */
  has(loanId: string): boolean;
  /**
   * The loan: the kept copy while valid; with its status refreshed from `sources.status` after
   * an event moved it; else a new `sources.load`. A call in flight is shared, and aborted only
   * once every caller waiting for it has gone (`signal`).
   */
  get(loanId: string, sources: LoanSources, signal?: AbortSignal): Promise<Loan>;
  /** Keeps a loan the service answered in full for a request sent at `sentAt` (its creation). */
  keep(loanId: string, loan: Loan, sentAt: number): void;
  /**
   * Follows a change of the loan (an event, a write of this BFF or of another instance).
   * `share`: also mark the store's shared copy (an event, which every instance follows, or this
   * instance's own write; not another instance's announced write, which that instance marked).
   */
  change(loanId: string, change: LoanChange, share?: boolean): void;
  /** Forgets every copy, and the shared copies read before now (events may have been missed). */
  clear(): void;
}

/** Options of {@link createLoanCache}. */
export interface LoanCacheOptions {
  /** How long a loan read in full is kept at most, however current events keep it. 0: never. */
  ttlMs: number;
  /** Default `Date.now`. */
  now?: () => number;
  /** Loans kept at most; the least recently read go first. Default 10 000. */
  maxEntries?: number;
  /**
   * Where the loans are shared with the other instances (see `createSharedLoans`): a loan this
   * instance does not hold is looked up there before it is read from the service.
   */
  store?: Store;
}

interface Flight {
  promise: Promise<Loan>;
  controller: AbortController;
  waiters: number;
}

interface Entry {
  value?: Loan;
  /** The status (and display links) may have moved since the value was read. */
  stale: boolean;
  /** The value reflects the service at least up to this time (ms). */
  asOf: number;
  /** The fields other than the status were read at this time (ms), as shared. */
  fullAsOf: number;
  /** The status was read at this time (ms), as shared. */
  statusAsOf: number;
  expiresAt: number;
  /** Bumped by every change, so a call that was out meanwhile does not overwrite it. */
  version: number;
  flight?: Flight;
}

/** The fields a status refresh answers: a change of these alone can wait for one. */
const STATUS_FIELDS = new Set([
  'status',
  'hostedDisplayUrl',
  'shortHostedDisplayUrl',
  'contactPageUrl',
]);

/** The quoting status a shop leads to from `status`; `undefined` when it cannot be told. */
function quotingFrom(status: string | undefined): string | undefined {
  switch (status) {
    case 'NOT_YET_RATED':
    case 'RC1_ERRORED':
      return 'RC1_RATING';
    case 'RC1_RATED':
    case 'RC2_RATED':
      return 'RC2_RATING';
    case 'RC1_RATING':
    case 'RC2_RATING':
      // A shop while quoting starts nothing new.
      return status;
    default:
      return undefined;
  }
}

/**
 * Creates a {@link LoanCache}. A loan read or created through the BFF is kept up to `ttlMs` (a
 * safety bound for changes made outside the BFF, which send no event). A `loan.shopped` or
 * policy event marks its status stale: the next read takes the status from the quote display
 * (not rate limited) and patches the copy. A shop sets quoting, a close `CLOSED_LOST`, as their
 * answers say; an event or write whose result is unknown drops the copy, so the next read is a
 * fresh one.
 *
 * With a `store`, the copies are shared: memory stays the first level (and shares concurrent
 * reads), and a loan this instance does not hold is looked up in the store before the service.
 * Events and this instance's writes mark the shared copy stale or dropped (see
 * `createSharedLoans`), so an instance that finds it later knows what it must read again.
 */
export function createLoanCache(options: LoanCacheOptions): LoanCache {
  const now = options.now ?? (() => Date.now());
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, Entry>();
  const shared =
    options.store && options.ttlMs > 0
      ? createSharedLoans(options.store, options.ttlMs, now)
      : undefined;
  /** Shared copies read in full before this time are not served (see `clear`). */
  let clearedAt = 0;

  const valid = (entry: Entry | undefined): entry is Entry & { value: Loan } =>
    entry?.value !== undefined && entry.expiresAt > now();

  function trim() {
    if (entries.size <= maxEntries) return;
    for (const [id, entry] of entries) {
      if (entries.size <= maxEntries) break;
      if (!entry.flight) entries.delete(id);
    }
  }

  /** Marks the entry as most recently used (the oldest go first when full). */
  function touch(loanId: string, entry: Entry) {
    entries.delete(loanId);
    entries.set(loanId, entry);
  }

  function fly(loanId: string, entry: Entry, run: (signal: AbortSignal) => Promise<Loan>): Flight {
    const controller = new AbortController();
    const flight: Flight = { promise: run(controller.signal), controller, waiters: 0 };
    entry.flight = flight;
    flight.promise.then(
      () => {
        if (entry.flight === flight) entry.flight = undefined;
      },
      () => {
        if (entry.flight !== flight) return;
        entry.flight = undefined;
        if (entry.value === undefined && entries.get(loanId) === entry) entries.delete(loanId);
      },
    );
    return flight;
  }

  /** Shares the entry's copy with the other instances, when it is current. */
  function share(loanId: string, entry: Entry) {
    if (!shared || !entry.value || entry.stale || entries.get(loanId) !== entry) return;
    shared.put(loanId, {
      loan: entry.value,
      fullAsOf: entry.fullAsOf,
      statusAsOf: entry.statusAsOf,
      expiresAt: entry.expiresAt,
    });
  }

  /** Takes the shared copy as the entry's value; whether it is current (else it needs a refresh). */
  function adopt(entry: Entry, found: FoundLoan): boolean {
    entry.value = found.loan;
    entry.fullAsOf = found.fullAsOf;
    entry.statusAsOf = found.statusAsOf;
    entry.expiresAt = found.expiresAt;
    // A change while the store was read: the copy may predate it.
    entry.stale = found.statusStale || entry.version !== 0;
    entry.asOf = Math.max(entry.asOf, found.statusAsOf, found.statusStale ? found.staleAt : 0);
    return !entry.stale;
  }

  /** A new entry whose read (from the shared copies, else in full) is in flight. */
  function load(loanId: string, sources: LoanSources): Flight {
    const entry: Entry = {
      stale: false,
      asOf: 0,
      fullAsOf: 0,
      statusAsOf: 0,
      expiresAt: 0,
      version: 0,
    };
    touch(loanId, entry);
    const flight = fly(loanId, entry, async (signal) => {
      const found = shared ? await shared.find(loanId, clearedAt) : undefined;
      // Another instance read or created it: no rate-limited read, at most a status refresh.
      if (found && entries.get(loanId) === entry) {
        if (adopt(entry, found)) return found.loan;
        return refreshed(loanId, entry as Entry & { value: Loan }, sources, signal);
      }
      const startedAt = now();
      const version = entry.version;
      const loan = await sources.load(signal);
      store(loanId, entry, loan, startedAt, version);
      return loan;
    });
    trim();
    return flight;
  }

  /** Keeps a full read that started at `startedAt`, while the entry is still this loan's. */
  function store(loanId: string, entry: Entry, loan: Loan, startedAt: number, version: number) {
    // Dropped meanwhile (an unknown change, a clear): serve, but do not keep.
    if (entries.get(loanId) !== entry) return;
    if (options.ttlMs <= 0) {
      entries.delete(loanId);
      return;
    }
    entry.value = loan;
    // A status change while the read was out: the status it answered may predate it.
    entry.stale = entry.version !== version;
    entry.asOf = Math.max(entry.asOf, startedAt);
    entry.fullAsOf = startedAt;
    entry.statusAsOf = startedAt;
    entry.expiresAt = now() + options.ttlMs;
    share(loanId, entry);
  }

  /** The kept copy with its status (and links) read again, from the unlimited sources. */
  async function refreshed(
    loanId: string,
    entry: Entry & { value: Loan },
    sources: LoanSources,
    signal: AbortSignal,
  ): Promise<Loan> {
    const startedAt = now();
    const version = entry.version;
    const base = entry.value;
    const fields = await sources.status(signal);
    if (fields === undefined) {
      // Nothing unlimited told the status: read the loan itself.
      const loan = await sources.load(signal);
      store(loanId, entry, loan, startedAt, version);
      return loan;
    }
    const loan = { ...base, ...fields };
    // A change came while the read was out (or the copy was dropped): serve, do not keep.
    if (entries.get(loanId) === entry && entry.version === version) {
      entry.value = loan;
      entry.stale = false;
      entry.asOf = Math.max(entry.asOf, startedAt);
      entry.statusAsOf = startedAt;
      share(loanId, entry);
    }
    return loan;
  }

  function refresh(loanId: string, entry: Entry & { value: Loan }, sources: LoanSources): Flight {
    return fly(loanId, entry, (signal) => refreshed(loanId, entry, sources, signal));
  }

  function wait(loanId: string, flight: Flight, signal: AbortSignal | undefined): Promise<Loan> {
    flight.waiters++;
    if (!signal) return flight.promise;
    const onAbort = () => leave(loanId, flight);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    return raceSignal(flight.promise, signal).finally(() =>
      signal.removeEventListener('abort', onAbort),
    );
  }

  function leave(loanId: string, flight: Flight) {
    if (--flight.waiters > 0) return;
    // Nobody waits any more: stop the call, and let the next reader start a new one.
    const entry = entries.get(loanId);
    if (entry?.flight === flight) {
      entry.flight = undefined;
      if (entry.value === undefined) entries.delete(loanId);
    }
    flight.controller.abort();
  }

  function markStale(entry: Entry) {
    entry.stale = true;
    entry.version++;
    entry.asOf = Math.max(entry.asOf, now());
  }

  /** A change whose result cannot be applied: wait for the display, or read afresh. */
  function unsettle(loanId: string, entry: Entry, fields: Partial<Loan>) {
    if (Object.keys(fields).every((key) => STATUS_FIELDS.has(key))) markStale(entry);
    else entries.delete(loanId);
  }

  /** Marks the shared copy as the change leaves it: its status stale, or dropped. */
  function markShared(loanId: string, change: LoanChange) {
    if (!shared) return;
    const at = now();
    const statusOnly =
      change.kind === 'status' ||
      change.kind === 'quoting' ||
      (change.kind === 'fields' && Object.keys(change.fields).every((k) => STATUS_FIELDS.has(k)));
    if (statusOnly) shared.markStale(loanId, at);
    else shared.markDropped(loanId, at);
  }

  function apply(loanId: string, entry: Entry, change: LoanChange) {
    switch (change.kind) {
      case 'unknown':
        entries.delete(loanId);
        return;
      case 'status':
        markStale(entry);
        return;
      case 'fields':
      case 'quoting': {
        let fields = change.fields;
        if (change.kind === 'quoting') {
          const status = entry.stale ? undefined : quotingFrom(entry.value?.status);
          fields = { ...fields, status };
        }
        // Known only against a copy read before the write was sent: else the order is unknown.
        const unknownStatus = 'status' in fields && fields.status === undefined;
        if (!entry.value || entry.asOf > change.sentAt || unknownStatus) {
          unsettle(loanId, entry, fields);
          return;
        }
        entry.value = { ...entry.value, ...fields };
        if ('status' in fields) {
          entry.stale = false;
          entry.statusAsOf = Math.max(entry.statusAsOf, change.sentAt);
        }
        entry.version++;
        entry.asOf = Math.max(entry.asOf, change.sentAt);
      }
    }
  }

  return {
    has(loanId) {
      const entry = entries.get(loanId);
      return valid(entry) || entry?.flight !== undefined;
    },
    get(loanId, sources, signal) {
      const entry = entries.get(loanId);
      const kept = valid(entry) ? entry : undefined;
      if (kept) touch(loanId, kept);
      if (kept && !kept.stale) return Promise.resolve(kept.value);
      if (entry?.flight) return wait(loanId, entry.flight, signal);
      if (kept) return wait(loanId, refresh(loanId, kept, sources), signal);
      return wait(loanId, load(loanId, sources), signal);
    },
    keep(loanId, loan, sentAt) {
      if (options.ttlMs <= 0 || entries.has(loanId)) return;
      const entry: Entry = {
        value: loan,
        stale: false,
        asOf: sentAt,
        fullAsOf: sentAt,
        statusAsOf: sentAt,
        expiresAt: now() + options.ttlMs,
        version: 0,
      };
      entries.set(loanId, entry);
      share(loanId, entry);
      trim();
    },
    change(loanId, change, shareIt = false) {
      const entry = entries.get(loanId);
      if (entry) apply(loanId, entry, change);
      if (shareIt) markShared(loanId, change);
    },
    clear() {
      entries.clear();
      clearedAt = now();
    },
  };
}
