/**
 * A lowercase header name (or prefix) as people write it: `x-acme` → `X-Acme`. Header names are
 * case-insensitive, so this is for log lines and answers only.
 */
export function capitalizeHeaderName(name: string): string {
  return name.replace(
    /(^|-)([a-z])/g,
    (_match, dash: string, letter: string) => dash + letter.toUpperCase(),
  );
}
