import { HttpRefusal } from './HttpRefusal.js';
import { sessionHash } from './sessionHash.js';

/** A stream's place in the registry. */
export interface StreamSlot {
  /** How to end the stream (ending the session, closing the BFF). */
  bind(stop: () => void): void;
  /** The stream ended: its place is free. */
  release(): void;
}

/** The open event streams of one BFF instance, per session. */
export interface StreamRegistry {
  /**
   * Takes a place for a new stream of the session, before its response is made.
   *
   * @throws {HttpRefusal} 429 `too_many_streams` when the session holds its cap already (the
   *   browser's adapter then falls back to polling, which costs no stream).
   */
  add(sessionId: string): Promise<StreamSlot>;
  /** Ends the streams of the session named by its hash (see {@link sessionHash}). */
  endSession(hash: string): void;
  /** Ends every stream. */
  endAll(): void;
}

/** Creates a {@link StreamRegistry} holding at most `perSession` streams per session. */
export function createStreamRegistry(perSession: number): StreamRegistry {
  interface Entry {
    stop?: () => void;
    ended: boolean;
  }
  const bySession = new Map<string, Set<Entry>>();
  const end = (entry: Entry) => {
    entry.ended = true;
    entry.stop?.();
  };

  return {
    async add(sessionId) {
      const hash = await sessionHash(sessionId);
      const streams = bySession.get(hash) ?? new Set<Entry>();
      if (streams.size >= perSession) {
        throw new HttpRefusal(
          429,
          'too_many_streams',
          'Too many open event streams for this session',
          { 'Retry-After': '30' },
        );
      }
      const entry: Entry = { ended: false };
      streams.add(entry);
      bySession.set(hash, streams);
      return {
        bind(stop) {
          entry.stop = stop;
          // Ended before the stream started: end it as soon as it can be.
          if (entry.ended) stop();
        },
        release() {
          streams.delete(entry);
          if (streams.size === 0 && bySession.get(hash) === streams) bySession.delete(hash);
        },
      };
    },
    endSession(hash) {
      for (const entry of [...(bySession.get(hash) ?? [])]) end(entry);
    },
    endAll() {
      for (const streams of [...bySession.values()]) for (const entry of [...streams]) end(entry);
    },
  };
}
