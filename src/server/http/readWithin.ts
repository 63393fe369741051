import type { CappedBody } from './readCappedBody.js';

/**
 * `read`'s outcome, or `'timeout'` after `ms`, by one timer (an abort signal with its listeners
 * costs several times more). The read goes on until its body is cancelled; its failure then is
 * expected, and not reported.
 */
export function readWithin(read: Promise<CappedBody>, ms: number): Promise<CappedBody | 'timeout'> {
  return new Promise((resolve, reject) => {
    // As createTimeoutSignal: a longer delay would overflow the timer and fire at once.
    const timer = setTimeout(resolve, Math.min(Math.max(0, ms), 2 ** 31 - 1), 'timeout');
    read.then(
      (body) => {
        clearTimeout(timer);
        resolve(body);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
