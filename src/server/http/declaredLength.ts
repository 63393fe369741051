/**
 * The body length a `Content-Length` value declares, when it is a plain decimal number (spaces
 * around it allowed); `undefined` when the header is missing or says anything else, which
 * leaves the body to be counted as it comes.
 */
export function declaredLength(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  return /^\d+$/.test(text) ? Number(text) : undefined;
}
