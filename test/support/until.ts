/**
 * Polls `probe` every 50 ms until it gives a value, and returns it; fails after `ms` with
 * "timed out waiting for `what`".
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  ms = 10_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
