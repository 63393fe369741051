import { createLoanApplicationFixture } from '../../../src/testing/createLoanApplicationFixture.js';
import type { PushStack } from './startPushStack.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the background flows did. */
export interface BackgroundStats {
  /** Requests sent to the BFF. */
  requests: number;
  /** Of which answered 429 (then sent again after `Retry-After`, as the adapter's hooks do). */
  refused: number;
  /** Requests sent and not answered yet. */
  inFlight: number;
}

/**
 * Other borrowers' flows through the same BFF and partner, each in its own session, to keep the
 * partner's rate budget full: each creates a loan application, records consent, shops it and
 * reads it, then starts again, one request at a time. A 429 is waited out (`Retry-After`) and
 * sent again. Returns their counts and a function that stops them.
 */
export function startBackgroundLoad(stack: PushStack, flows: number) {
  const stats: BackgroundStats = { requests: 0, refused: 0, inFlight: 0 };
  let running = true;
  let n = 0;

  const send = async (cookie: string, method: string, path: string, body?: unknown) => {
    for (;;) {
      if (!running) return undefined;
      stats.requests++;
      stats.inFlight++;
      let answer: Awaited<ReturnType<PushStack['call']>>;
      try {
        answer = await stack.call(cookie, method, path, body);
      } catch {
        return undefined;
      } finally {
        stats.inFlight--;
      }
      if (answer.status !== 429) return answer;
      stats.refused++;
      await sleep(Number(answer.headers.get('retry-after') ?? 1) * 1000);
    }
  };

  const flow = async () => {
    const { cookie } = stack.newSession();
    while (running) {
      const created = await send(
        cookie,
        'POST',
        '/loans',
        createLoanApplicationFixture({ loanNumber: `BG-${n++}` }),
      );
      if (created?.status !== 201) continue;
      const loanId = (JSON.parse(created.text) as { id: string }).id;
      await send(cookie, 'POST', `/loans/${loanId}/consent`, { termsOfServiceId: 'tos-1' });
      await send(cookie, 'PATCH', `/loans/${loanId}/shop`);
      await send(cookie, 'GET', `/loans/${loanId}`);
    }
  };

  for (let i = 0; i < flows; i++) void flow();
  return {
    stats,
    stop() {
      running = false;
    },
  };
}
