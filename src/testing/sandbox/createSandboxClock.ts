/** A task the clock runs at a given time. It may be async; the clock waits for it. */
export type ClockTask = () => void | Promise<void>;

/**
 * The sandbox's notion of time. Quoting delays, token expiry, rate-limit windows, document URL
 * expiry and webhook retries all read it, so a test can move days ahead in one call.
 */
export interface SandboxClock {
  /** Milliseconds since the epoch, as the sandbox sees it. */
  now(): number;
  /** Runs `task` once `delayMs` have passed on this clock. Returns a function that cancels it. */
  setTimer(delayMs: number, task: ClockTask): () => void;
  /** Moves time forward by `ms`, running (and awaiting) every task that falls due, in order. */
  advance(ms: number): Promise<void>;
  /** How many tasks are waiting. */
  pending(): number;
  /** `true` when time also passes by itself (real time plus any advance). */
  readonly auto: boolean;
  /** Cancels every task and stops the real timer. */
  dispose(): void;
}

/** Options of {@link createSandboxClock}. */
export interface SandboxClockOptions {
  /**
   * `true` (default): time follows the real clock (`Date.now`, `setTimeout`, so fake timers
   * drive it too), and `advance` jumps ahead of it. `false`: time stands still until `advance`.
   */
  auto?: boolean;
  /** Start time of a manual clock (ms since the epoch); default: now. */
  start?: number;
}

interface Entry {
  at: number;
  seq: number;
  task: ClockTask;
}

/** Creates a sandbox clock. See {@link SandboxClock}. */
export function createSandboxClock(options: SandboxClockOptions = {}): SandboxClock {
  const auto = options.auto ?? true;
  let offset = auto ? 0 : (options.start ?? Date.now());
  const base = () => (auto ? Date.now() : 0);
  const now = () => base() + offset;
  let entries: Entry[] = [];
  let seq = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();

  const due = (limit: number) => {
    let first: Entry | undefined;
    for (const e of entries) {
      if (e.at <= limit && (!first || e.at < first.at || (e.at === first.at && e.seq < first.seq)))
        first = e;
    }
    return first;
  };

  // Runs every due task, one at a time; tasks added meanwhile are picked up by the same loop.
  const runUntil = (limit: () => number) => {
    running = running.then(async () => {
      for (let e = due(limit()); e; e = due(limit())) {
        const entry = e;
        entries = entries.filter((x) => x !== entry);
        if (entry.at > now()) offset += entry.at - now();
        try {
          await entry.task();
        } catch (error) {
          console.error('sandbox clock task failed', error);
        }
      }
    });
    return running;
  };

  const arm = () => {
    if (!auto) return;
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (entries.length === 0) return;
    const next = Math.min(...entries.map((e) => e.at));
    timer = setTimeout(
      () => {
        timer = undefined;
        void runUntil(now).then(arm);
      },
      Math.max(0, Math.min(next - now(), 2 ** 31 - 1)),
    );
    // A waiting retry must not keep a process alive on its own.
    (timer as { unref?: () => void }).unref?.();
  };

  return {
    auto,
    now,
    setTimer(delayMs, task) {
      const entry: Entry = { at: now() + Math.max(0, delayMs), seq: seq++, task };
      entries.push(entry);
      arm();
      return () => {
        entries = entries.filter((e) => e !== entry);
        arm();
      };
    },
    async advance(ms) {
      const target = now() + Math.max(0, ms);
      await runUntil(() => target);
      if (now() < target) offset += target - now();
      arm();
    },
    pending: () => entries.length,
    dispose() {
      entries = [];
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
