/** How a piece of work ended within a time budget. */
export type Settlement =
  | { kind: 'done' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'timeout' };

const DONE: Settlement = Object.freeze({ kind: 'done' });
const TIMEOUT: Settlement = Object.freeze({ kind: 'timeout' });

/**
 * Waits for `work` at most `ms`. The work is not cancelled on timeout (it cannot be): the caller
 * keeps the promise and decides what happens when it settles later.
 */
export function settleWithin(work: Promise<unknown>, ms: number): Promise<Settlement> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(TIMEOUT), ms);
    work.then(
      () => {
        clearTimeout(timer);
        resolve(DONE);
      },
      (error: unknown) => {
        clearTimeout(timer);
        resolve({ kind: 'failed', error });
      },
    );
  });
}
