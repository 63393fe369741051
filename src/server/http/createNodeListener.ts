import type { IncomingMessage, ServerResponse } from 'node:http';
import { NodeRequest, sendNodeResponse } from 'srvx/node';
import { knownBodies } from './knownBodies.js';

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

// Sends a handler's response; a failure to send is logged and ends the exchange as srvx does.
function send(res: ServerResponse, response: Response): Promise<void> {
  const failed = (error: unknown) => {
    console.error('[lender-insurance-react] Failed to send a response:', error);
    fail(res);
  };
  try {
    const text = knownBodies.textOf(response);
    const sent =
      text !== undefined ? writeWhole(res, response, text) : sendNodeResponse(res, response);
    return sent.catch(failed);
  } catch (error) {
    failed(error);
    return Promise.resolve();
  }
}

/**
 * A Node `http` listener around a web-standard handler: the request is srvx's lazy `Request`
 * over the `IncomingMessage` (nothing is copied unless read); a response with a known text body
 * (see `knownBodies`) is written with its headers in one piece, any other through srvx. No
 * frame of its own waits while a response streams (an event stream may stay open for hours).
 */
export function createNodeListener(handler: Handler): Listener {
  return (req, res) =>
    handler(new NodeRequest({ req, res }) as unknown as Request).then((response) =>
      send(res, response),
    );
}
