import type { SandboxClock } from './createSandboxClock.js';

/** The sandbox clock's current day, `YYYY-MM-DD` (UTC). */
export function sandboxToday(clock: SandboxClock): string {
  return new Date(clock.now()).toISOString().slice(0, 10);
}
