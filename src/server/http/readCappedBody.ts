/** The body's bytes, or `null` when it is larger than the cap. */
export type CappedBody = Uint8Array<ArrayBuffer> | null;

/**
 * Reads a request or response body, refusing more than `maxBytes` without buffering them: a
 * declared Content-Length over the cap is refused before reading, and otherwise the stream is
 * counted and cancelled at the first byte over the cap (no Content-Length, chunked, or a lying
 * one), so a hostile body costs at most `maxBytes` of memory.
 */
export async function readCappedBody(
  request: Pick<Request, 'headers' | 'body'>,
  maxBytes: number,
): Promise<CappedBody> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > maxBytes) {
    await request.body?.cancel().catch(() => undefined);
    return null;
  }
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
