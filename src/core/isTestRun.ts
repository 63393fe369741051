/**
 * Whether a test runner runs the code: Vitest and Jest set `NODE_ENV` to `test`. Their DOMs
 * (jsdom, happy-dom) load no stylesheets, so warnings about missing CSS would be noise there.
 * Read as `isDevelopment` reads it, for the same reasons.
 */
export function isTestRun(): boolean {
  try {
    return process.env.NODE_ENV === 'test';
  } catch {
    return false;
  }
}
