const MINUTE = 60_000;

/**
 * The instant (ms since the epoch) at which a zone's wall clock (`wall`, from `wallClock`) reads
 * `local` minutes, with the offset of that very moment, so either side of a DST change is right.
 * A wall time the change skips has no instant: the one returned then reads differently, which
 * the caller can check with `wall(t) === local`.
 */
export function zonedInstant(wall: (t: number) => number, local: number): number {
  // The offset at a first guess, then at the instant it gives.
  const guess = 2 * local - wall(local * MINUTE);
  return (local - (wall(guess * MINUTE) - guess)) * MINUTE;
}
