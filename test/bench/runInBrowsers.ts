import { fork } from 'node:child_process';
import type { FlowResult } from './borrowerFlows.js';
import { FLOWS, SCALE } from './borrowerFlows.js';

/** Flows for browsers.ts to run: through the BFF with the HTTP adapter, or the naive host. */
export interface BrowsersJob {
  kind: 'adapter' | 'naive';
  /** The BFF's origin (`adapter`) or the pass-through proxy's (`naive`). */
  origin: string;
  count: number;
  /** Flow i of count starts spreadMs * i / count after the first. */
  spreadMs: number;
}

/**
 * Runs a job's flows in a child process, so the browsers do not share an event loop (nor a
 * core) with the servers they measure, and resolves with their results.
 */
export function runInBrowsers(job: BrowsersJob): Promise<FlowResult[]> {
  const child = fork(new URL('./browsers.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_SCALE: String(SCALE), BENCH_FLOWS: String(FLOWS) },
  });
  return new Promise((resolve, reject) => {
    child.once('message', (results) => resolve(results as FlowResult[]));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the browsers exited with code ${code}`)));
    child.send(job);
  });
}
