/** Content types the sandbox answers JSON with. */
export const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * A JSON answer with production's content type, `application/json; charset=utf-8`; any other
 * answer (a page, a document, a 204, one that names its charset already) as it is.
 */
export function withJsonCharset(response: Response): Response {
  const type = response.headers.get('content-type');
  if (type === null || !JSON_TYPE.test(type) || /charset=/i.test(type)) return response;
  const headers = new Headers(response.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
