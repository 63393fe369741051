/**
 * Whether an error answer carries the BFF's error body, `{ "error": { "code": "…", … } }`: the
 * BFF (and the sandbox, and the mock BFF) answer every error with it, so an error without it came
 * from something else (a host's page, a proxy).
 */
export function isBffErrorBody(text: string): boolean {
  try {
    const error = (JSON.parse(text) as { error?: { code?: unknown } } | null)?.error;
    return typeof error === 'object' && error !== null && typeof error.code === 'string';
  } catch {
    return false;
  }
}
