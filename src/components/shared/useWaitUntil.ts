import { useEffect, useState } from 'react';

/**
 * Whether `until` (ms since the epoch) is still ahead; re-renders when it passes. Components use
 * it to keep an action disabled for a rate limit's wait (`retryAt`) and enable it after.
 */
export function useWaitUntil(until: number | undefined): boolean {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (until === undefined) return;
    // At least `until`: a timer may fire a little early. Capped: setTimeout overflows past 2^31.
    const timer = setTimeout(
      () => setNow(Math.max(Date.now(), until)),
      Math.min(Math.max(0, until - Date.now()), 2 ** 31 - 1),
    );
    return () => clearTimeout(timer);
  }, [until]);
  return until !== undefined && until > Math.max(now, Date.now());
}
