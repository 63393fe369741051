import { declaredLength } from '../http/declaredLength.js';
import { raceSignal } from '../http/raceSignal.js';
import { readCappedBody } from '../http/readCappedBody.js';
import type { CallSignal } from './createCallSignal.js';
import { startAttempt } from './startAttempt.js';

/**
 * An answer's headers, as callers read them: by name, case-insensitive, `null` when absent. A
 * `Headers` is one; the Node transport gives a view over the message's own header object.
 */
export interface AttemptHeaders {
  get(name: string): string | null;
}

/** What one HTTP exchange with the service came to. */
export type AttemptResult =
  /** An answer other than a redirect, with its body read (an error body may be cut to ''). */
  | { kind: 'response'; status: number; headers: AttemptHeaders; body: Uint8Array }
  /**
   * A 3xx, or an `opaqueredirect` from `redirect: 'manual'`: never followed. `location` is its
   * `Location` header when readable, for telling the operator what the base URL should be.
   */
  | { kind: 'redirect'; status: number; location: string | null }
  /** A success body larger than allowed. */
  | { kind: 'too_large'; status: number }
  /** No answer: the connection failed or the body broke off. */
  | { kind: 'network'; errorName: string; errorCode: string | undefined }
  /** No complete answer within the attempt's time. */
  | { kind: 'timeout' };

/** One exchange to send, whatever sends it (see `Transport`). */
export interface ExchangeRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** This attempt's time, from sending to the end of the body. */
  timeoutMs: number;
  /** The call's signal (caller abort, deadline): when it aborts, its reason is thrown. */
  signal: AbortSignal;
  /**
   * The call's own signal, when the call has one (`signal` is then its `signal`): the attempt's
   * time runs on it, and the attempt makes no controller of its own.
   */
  call?: CallSignal;
  /** Cap of a success body. */
  maxBytes: number;
}

/** Inputs of {@link sendAttempt}: an exchange and the `fetch` that sends it. */
export interface AttemptRequest extends ExchangeRequest {
  fetch: typeof fetch;
}

/** Cap of an error body: it only feeds a short message, no need to hold a large one. */
export const ERROR_BODY_CAP = 64 * 1024;
const EMPTY = new Uint8Array(0);

/** What `fetch` calls a port it refuses to use (the fetch standard's "bad ports"). */
export const BAD_PORT = 'BAD_PORT';

function describe(error: unknown): { errorName: string; errorCode: string | undefined } {
  const name = error instanceof Error ? error.name : typeof error;
  const cause =
    error instanceof Error
      ? (error.cause as { code?: unknown; message?: unknown } | undefined)
      : undefined;
  // Node's fetch gives no code for a blocked port, only this message.
  const code =
    typeof cause?.code === 'string'
      ? cause.code
      : cause?.message === 'bad port'
        ? BAD_PORT
        : undefined;
  return { errorName: name, errorCode: code };
}

/**
 * A response body under `maxBytes` (`null` over it). A body that declares its length within the
 * cap, unencoded (so the bytes read are the bytes declared: a compressed body may inflate past
 * its `Content-Length`), is read in one piece; any other is counted as it streams and cut off at
 * the cap (see `readCappedBody`). Both stop when `signal` aborts.
 */
async function readResponseBody(
  response: Response,
  maxBytes: number,
  signal: AbortSignal,
  call: CallSignal | undefined,
): Promise<Uint8Array | null> {
  const declared = declaredLength(response.headers.get('content-length'));
  if (declared === undefined || declared > maxBytes || response.headers.has('content-encoding')) {
    return readCappedBody(response, maxBytes, signal);
  }
  const read = response.arrayBuffer();
  const bytes = new Uint8Array(await (call ? call.race(read) : raceSignal(read, signal)));
  // A body longer than it said (a `fetch` of the host's own may not hold it to its length).
  return bytes.byteLength > maxBytes ? null : bytes;
}

/**
 * Sends one request and reads its answer within `timeoutMs`. Redirects are not followed
 * (`redirect: 'manual'`): the token must never travel to another host. A `fetch` that ignores
 * its signal is raced against it, so a hung implementation cannot outlive the attempt.
 *
 * @throws the call signal's reason when the call is aborted (by its caller or its deadline);
 *   every other failure is a result, for the caller's retry policy to weigh.
 */
export async function sendAttempt(request: AttemptRequest): Promise<AttemptResult> {
  const { call } = request;
  const { signal, failure, end } = startAttempt(request, describe);
  try {
    let pending: Promise<Response>;
    try {
      pending = Promise.resolve(
        request.fetch(request.url, {
          method: request.method,
          headers: request.headers,
          ...(request.body === undefined ? {} : { body: request.body }),
          redirect: 'manual',
          signal,
        }),
      );
    } catch (error) {
      return failure(error);
    }
    let response: Response;
    try {
      response = await (call ? call.race(pending) : raceSignal(pending, signal));
    } catch (error) {
      // An answer arriving after we gave up still holds a connection until its body is released.
      pending.then((late) => late.body?.cancel().catch(() => undefined)).catch(() => undefined);
      return failure(error);
    }
    const { status } = response;
    if (response.type === 'opaqueredirect' || (status >= 300 && status < 400)) {
      response.body?.cancel().catch(() => undefined);
      return { kind: 'redirect', status, location: response.headers.get('location') };
    }
    const ok = status >= 200 && status < 300;
    let body: Uint8Array | null;
    try {
      body = await readResponseBody(
        response,
        ok ? request.maxBytes : Math.min(request.maxBytes, ERROR_BODY_CAP),
        signal,
        call,
      );
    } catch (error) {
      return failure(error);
    }
    if (body === null) {
      // An oversized error body is dropped, not fatal: its status still decides what happens.
      return ok
        ? { kind: 'too_large', status }
        : { kind: 'response', status, headers: response.headers, body: EMPTY };
    }
    return { kind: 'response', status, headers: response.headers, body };
  } finally {
    end();
  }
}
