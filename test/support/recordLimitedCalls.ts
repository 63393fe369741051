import { matchOperation } from '../../src/core/matchOperation.js';
import { operations } from '../../src/core/operations.js';
import type { SandboxService } from '../../src/testing/sandbox/createSandboxService.js';

/** When the sandbox received each rate-limited call, and the most seen in any window. */
export interface LimitedCallLog {
  /** Arrival times (ms since the epoch), in order. */
  readonly times: number[];
  /** The most calls that arrived within any `windowMs` (a sliding window, as the service counts). */
  peak(windowMs: number): number;
}

/** Wraps the sandbox's handler to note the arrival time of every rate-limited call. */
export function recordLimitedCalls(sandbox: SandboxService): LimitedCallLog {
  const times: number[] = [];
  const original = sandbox.handler;
  sandbox.handler = (request: Request) => {
    const path = new URL(request.url).pathname.slice(sandbox.basePath.length);
    const match = matchOperation('upstream', request.method, path);
    if (match.kind === 'matched' && operations[match.name].rateLimited) times.push(Date.now());
    return original(request);
  };
  return {
    times,
    peak(windowMs) {
      let most = 0;
      let start = 0;
      for (let end = 0; end < times.length; end++) {
        while ((times[end] as number) - (times[start] as number) >= windowMs) start++;
        most = Math.max(most, end - start + 1);
      }
      return most;
    },
  };
}
