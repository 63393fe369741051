/** Whether a `Content-Type` names JSON (`application/json`, `application/problem+json`, …). */
export function isJsonType(contentType: string | null | undefined): boolean {
  return /^application\/([\w.-]+\+)?json\s*(;|$)/i.test(contentType ?? '');
}
