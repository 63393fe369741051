import { isJsonContentType } from '../http/isJsonContentType.js';
import { readCappedBody } from '../http/readCappedBody.js';
import { exceedsJsonDepth } from './exceedsJsonDepth.js';
import { HttpRefusal } from './HttpRefusal.js';

/** Deepest nesting a body may have; the deepest input schema needs about five levels. */
export const MAX_JSON_DEPTH = 64;

/** Options of {@link readJsonBody}. */
export interface ReadJsonBodyOptions {
  maxBytes: number;
  /** An empty body (with or without a content type) reads as `{}`. */
  optional?: boolean;
}

const unsupported = () =>
  new HttpRefusal(415, 'unsupported_media_type', 'Send the body as application/json');
const tooLarge = () => new HttpRefusal(413, 'payload_too_large', 'Request body is too large');
const invalid = (message: string) => new HttpRefusal(400, 'invalid_json', message);

/**
 * Reads a JSON request body: 415 unless it is `application/json`, 413 past `maxBytes`, 400 for
 * invalid UTF-8, invalid JSON or nesting deeper than {@link MAX_JSON_DEPTH}.
 */
export async function readJsonBody(
  request: Request,
  options: ReadJsonBodyOptions,
): Promise<unknown> {
  const type = request.headers.get('content-type');
  if (type !== null && !isJsonContentType(type)) throw unsupported();
  if (type === null && !options.optional) throw unsupported();
  const bytes = await readCappedBody(request, options.maxBytes);
  if (bytes === null) throw tooLarge();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalid('The body is not valid UTF-8');
  }
  if (text.trim() === '') {
    if (options.optional) return {};
    throw invalid('A JSON body is required');
  }
  if (type === null) throw unsupported();
  if (exceedsJsonDepth(text, MAX_JSON_DEPTH)) throw invalid('The body is nested too deeply');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalid('The body is not valid JSON');
  }
}
