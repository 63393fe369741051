import type { IncomingMessage, ServerResponse } from 'node:http';
import { NodeRequest, sendNodeResponse } from 'srvx/node';
import { knownBodies } from './knownBodies.js';
import type { NodeEntryAnswer } from './nodeEntry.js';
import { nodeEntry } from './nodeEntry.js';
import type { PlainAnswer } from './PlainAnswer.js';

type Handler = (request: Request) => Promise<Response>;
type Listener = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

// As srvx does when a response cannot be sent: a 500 before the headers, else a cut connection.
function fail(res: ServerResponse): void {
  if (res.writableEnded) return;
  if (res.headersSent) res.destroy();
  else {
    res.statusCode = 500;
    res.end();
  }
}

function writeWhole(res: ServerResponse, response: Response, text: string): Promise<void> {
  const raw: string[] = [];
  let length = false;
  for (const [name, value] of response.headers) {
    if (name === 'content-length') length = true;
    raw.push(name, value);
  }
  if (!length) raw.push('content-length', String(Buffer.byteLength(text)));
  res.writeHead(response.status, response.statusText, raw);
  return new Promise((resolve) => res.end(text, () => resolve()));
}

function writePlain(res: ServerResponse, answer: PlainAnswer): Promise<void> {
  const raw: string[] = [];
  const { headers, body } = answer;
  for (const name in headers) {
    if (name !== 'content-length') raw.push(name, headers[name] as string);
  }
  if (body !== null) raw.push('content-length', String(Buffer.byteLength(body)));
  res.writeHead(answer.status, raw);
  return new Promise((resolve) => (body === null ? res.end(resolve) : res.end(body, resolve)));
}

function failed(res: ServerResponse, error: unknown): void {
  console.error('[lender-insurance-react] Failed to send a response:', error);
  fail(res);
}

// Sends a handler's answer; a failure to send is logged and ends the exchange as srvx does.
function send(res: ServerResponse, answer: NodeEntryAnswer): Promise<void> {
  try {
    let sent: Promise<void>;
    if (!(answer instanceof Response)) sent = writePlain(res, answer);
    else {
      const text = knownBodies.textOf(answer);
      sent = text !== undefined ? writeWhole(res, answer, text) : sendNodeResponse(res, answer);
    }
    return sent.catch((error: unknown) => failed(res, error));
  } catch (error) {
    failed(res, error);
    return Promise.resolve();
  }
}

// srvx's lazy `Request` over a Node request, for an entry taking the Node request itself.
const webOf = (req: unknown, res: unknown) =>
  new NodeRequest({
    req: req as IncomingMessage,
    res: res as ServerResponse,
  }) as unknown as Request;

/**
 * A Node `http` listener around a web-standard handler: the request is srvx's lazy `Request`
 * over the `IncomingMessage` (nothing is copied unless read). A handler of the library's own
 * answers through its Node entry (see `nodeEntry`), taking the `IncomingMessage` itself when it
 * has such an entry: a plain answer is written with `writeHead` and `end`, no `Response` made.
 * Otherwise a response with a known text body (see `knownBodies`) is written with its headers
 * in one piece, any other through srvx. No frame of its own waits while a response streams (an
 * event stream may stay open for hours).
 */
export function createNodeListener(handler: Handler): Listener {
  const message = nodeEntry.messageOf(handler);
  if (message !== undefined) {
    return (req, res) => message(req, res, webOf).then((answer) => send(res, answer));
  }
  const entry = nodeEntry.of(handler) ?? handler;
  return (req, res) =>
    entry(new NodeRequest({ req, res }) as unknown as Request).then((answer) => send(res, answer));
}
