import type { RequestView } from '../http/RequestView.js';
import { SIGNATURE_HEADER_NAME } from './SIGNATURE_HEADER_NAME.js';

/** A delivery's one signature: its header's lowercase name, and the value to verify. */
export interface FoundSignature {
  name: string;
  value: string;
}

const SUFFIX = '-signature-1';

/**
 * The signature of a delivery under any vendor prefix (`headerPrefix: 'auto'`): the one
 * `X-*-Signature-1` header it carries with a value, `null` when there is none (empty ones do not
 * count), or `'conflicting'` when two carry different values: the receiver cannot tell which one
 * the service meant, so it takes neither. Copies with the same value are one signature, found
 * under the first name in order (names are listed sorted, on both request views).
 *
 * The header's name proves nothing (anyone can send any name); the HMAC of the value does, and
 * is checked after this. The values compared here are both the sender's, so comparing them
 * says nothing about the secret.
 */
export function findSignatureHeader(request: RequestView): FoundSignature | 'conflicting' | null {
  let name: string | undefined;
  let value: string | undefined;
  for (const candidate of request.headerNames()) {
    // The suffix first: most headers are not signatures, and it costs no regex run.
    if (!candidate.endsWith(SUFFIX) || !SIGNATURE_HEADER_NAME.test(candidate)) continue;
    const text = request.header(candidate);
    if (text === null || text === '') continue;
    if (value === undefined) {
      name = candidate;
      value = text;
    } else if (text !== value) {
      return 'conflicting';
    }
  }
  return name === undefined || value === undefined ? null : { name, value };
}
