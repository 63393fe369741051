import { declaredLength } from './declaredLength.js';
import type { BodyHolder } from './giveUpBody.js';
import { giveUpBody } from './giveUpBody.js';
import { raceSignal } from './raceSignal.js';
import { nodeBodySource, readNodeBody } from './readNodeBody.js';

/** The body's bytes, or `null` when it is larger than the cap. */
export type CappedBody = Uint8Array<ArrayBuffer> | null;

/**
 * Reads a request or response body, refusing more than `maxBytes` without buffering them: a
 * declared Content-Length over the cap is refused before reading, and otherwise the stream is
 * counted and cancelled at the first byte over the cap (no Content-Length, chunked, or a lying
 * one), so a hostile body costs at most `maxBytes` of memory. A body that never ends is stopped
 * by `signal`, even when the stream ignores cancellation.
 *
 * @throws the signal's reason when it aborts; the stream's error when the body breaks off.
 */
export async function readCappedBody(
  message: Pick<Request, 'headers'> & BodyHolder,
  maxBytes: number,
  signal?: AbortSignal,
): Promise<CappedBody> {
  const declared = declaredLength(message.headers.get('content-length'));
  if (declared !== undefined && declared > maxBytes) {
    giveUpBody(message);
    return null;
  }
  // Under Node's HTTP server the bytes come from the Node stream itself: a web stream over it
  // costs more than everything else a small body goes through.
  const node = nodeBodySource(message);
  if (node !== undefined) {
    return readNodeBody(node, maxBytes, signal, () => giveUpBody(message));
  }
  const body = message.body;
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await (signal ? raceSignal(reader.read(), signal) : reader.read());
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        reader.cancel().catch(() => undefined);
        return null;
      }
      chunks.push(value);
    }
  } catch (error) {
    reader.cancel().catch(() => undefined);
    throw signal?.aborted ? signal.reason : error;
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
