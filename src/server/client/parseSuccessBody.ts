import { ServiceError } from '../../core/errors/ServiceError.js';
import type { OperationDefinition } from '../../core/operations.js';
import type { AnswerName } from '../../core/wire/readAnswer.js';
import { readAnswer } from '../../core/wire/readAnswer.js';
import type { WireDrop } from '../../core/wire/readWire.js';

// Fatal: bytes that are not UTF-8 are no JSON, rather than text with replacement characters.
const decoder = new TextDecoder('utf-8', { fatal: true });
const NOT_BLANK = /\S/;

/** How to read one 2xx body. */
export interface SuccessBodyReading {
  /** The operation, which names the answer's shape. */
  name: string;
  op: Pick<OperationDefinition, 'output'>;
  /** A read (GET): its answer is the point, so one that is not an object is refused. */
  read: boolean;
  /** Ids the path gives, taken for the answer's own when it leaves them out. */
  fill: Readonly<Record<string, string>>;
  /** Told of each value of the answer left out as unreadable. */
  onDrop(field: string, reason: WireDrop): void;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads a 2xx body as a tolerant reader (see `readAnswer`): `undefined` for a 204 or an
 * operation without output. Each value that cannot be read is left out and told to `onDrop`;
 * the answer itself is refused (502 `invalid_response`, naming the field) only when it lacks
 * what the library cannot work without: a loan or policy read without its id, a retrieval
 * without its link. A write's body that is empty, not JSON or not an object is read as `{}`:
 * a 2xx is the success, and its unreadable details must not turn it into an error (a create
 * then lacks its id, which the caller reports as an unknown outcome).
 */
export function parseSuccessBody(
  reading: SuccessBodyReading,
  status: number,
  body: Uint8Array,
): unknown {
  const { op } = reading;
  if (status === 204 || op.output === null) return undefined;
  let value = jsonOf(body);
  if (!isRecord(value)) {
    // A read's answer is the point of the read: without an object there is none.
    if (reading.read) {
      throw new ServiceError(
        502,
        'invalid_response',
        value === NOT_JSON
          ? 'The service answered with a body that is not JSON'
          : 'Unexpected response from the service (body)',
      );
    }
    value = {};
  }
  const options = { unknown: 'keep', fill: reading.fill, onDrop: reading.onDrop } as const;
  let read = readAnswer(reading.name as AnswerName, value, options);
  // A write the service accepted is done: an id of its answer that cannot be read is the one
  // the path gives (a read's stays strict: it is the answer's identity).
  if (!read.ok && !reading.read && reading.fill[read.field] !== undefined) {
    const { [read.field]: _unreadable, ...rest } = value as Record<string, unknown>;
    read = readAnswer(reading.name as AnswerName, rest, options);
  }
  if (read.ok) return read.value;
  const { field } = read;
  throw new ServiceError(
    502,
    'invalid_response',
    `Unexpected response from the service (${field || 'body'})`,
    field === '' ? undefined : { field },
  );
}

const NOT_JSON = Symbol('not JSON');

/** The body's JSON value, or {@link NOT_JSON} when it is empty, not UTF-8 or not JSON. */
function jsonOf(body: Uint8Array): unknown {
  try {
    const text = decoder.decode(body);
    // Whitespace only is an empty body (a test, not a trimmed copy of a large one).
    return NOT_BLANK.test(text) ? JSON.parse(text) : NOT_JSON;
  } catch {
    return NOT_JSON;
  }
}
