// The browsers of bench:bff, in a process of their own (as browsers are): it receives one
// BrowsersJob, runs its flows and sends their results back. See runInBrowsers.ts.
import { SESSION_HEADER } from '../support/startCluster.js';
import type { FlowResult } from './borrowerFlows.js';
import { browserAdapter, runFlows } from './borrowerFlows.js';
import { naiveFlow } from './naiveFlow.js';
import type { BrowsersJob } from './runInBrowsers.js';

process.once('message', async (job: BrowsersJob) => {
  const { kind, origin, count, spreadMs } = job;
  const results: FlowResult[] =
    kind === 'adapter'
      ? await runFlows(
          (i) => {
            const b = browserAdapter(origin, { [SESSION_HEADER]: `bench-${i}` });
            return { create: b, events: b, rest: b };
          },
          { count, spreadMs },
        )
      : await Promise.all(
          Array.from({ length: count }, (_, i) => naiveFlow(origin, i, count, spreadMs)),
        );
  process.send?.(results, () => process.exit(0));
});
