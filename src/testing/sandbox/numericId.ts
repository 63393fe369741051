/**
 * A random id of 12 digits, from `100000000000` to `899999999999`, as production's numeric ids
 * (document ids) are: a safe JSON number, and a valid path id as text. Ids from `900000000000`
 * up are left for ids derived from others (a document not ready yet).
 */
export function numericId(): string {
  const [high = 0, low = 0] = crypto.getRandomValues(new Uint32Array(2));
  // 53 random bits spread over 800 billion values: uneven by far less than one in a thousand.
  const n = ((high & 0x1f_ffff) * 2 ** 32 + low) % 800_000_000_000;
  return String(100_000_000_000 + n);
}
