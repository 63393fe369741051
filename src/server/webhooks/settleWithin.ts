/** How a piece of work ended within a time budget. */
export type Settlement =
  | { kind: 'done' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'timeout' };

/**
 * Waits for `work` at most `ms`. The work is not cancelled on timeout (it cannot be): the caller
 * keeps the promise and decides what happens when it settles later.
 */
export async function settleWithin(work: Promise<unknown>, ms: number): Promise<Settlement> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<Settlement>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'timeout' }), ms);
  });
  try {
    return await Promise.race([
      work.then(
        (): Settlement => ({ kind: 'done' }),
        (error: unknown): Settlement => ({ kind: 'failed', error }),
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
