const MAX_TEXT = 200;
const MAX_ISSUES = 50;
const CODE = /^[A-Za-z0-9_.-]{1,64}$/;

function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  }
  return out;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/**
 * Cuts an upstream error body down to what `errorFromResponse` reads, before any of it can reach
 * an error message: a well-formed `code`, a `message` of at most 200 characters, at most 50
 * field issues, `consent` and `retryAfterSeconds`; plain text is cut to 200 characters. Every
 * occurrence of `secrets` (the access token sent, the client secret) becomes `[redacted]`, in
 * case the service echoes what it was sent.
 */
export function sanitizeErrorBody(text: string, secrets: readonly string[]): string {
  const clean = (value: string) => redact(value, secrets).slice(0, MAX_TEXT);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return clean(redact(text, secrets).trim());
  }
  const outer = record(json);
  if (!outer) return clean(redact(text, secrets).trim());
  const source = record(outer.error) ?? outer;
  const out: Record<string, unknown> = {};
  if (typeof source.code === 'string' && CODE.test(source.code)) out.code = source.code;
  if (typeof source.message === 'string') out.message = clean(source.message);
  if (source.consent === 'tcpa' || source.consent === 'consent') out.consent = source.consent;
  const seconds = source.retryAfterSeconds;
  if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0) {
    out.retryAfterSeconds = seconds;
  }
  if (Array.isArray(source.issues)) {
    out.issues = source.issues.slice(0, MAX_ISSUES).flatMap((raw: unknown) => {
      const issue = record(raw);
      return issue && typeof issue.message === 'string'
        ? [
            {
              path: typeof issue.path === 'string' ? clean(issue.path) : '',
              message: clean(issue.message),
            },
          ]
        : [];
    });
  }
  return JSON.stringify({ error: out });
}
