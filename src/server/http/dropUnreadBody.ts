/**
 * Turns `response` into the answer to a request whose body will not be read to its end: the
 * body is cancelled (without waiting or throwing: a body already read, locked or broken off is
 * fine) and the answer says `Connection: close`. Cancelling alone frees what the handler holds,
 * but a Node server keeps the connection open to drain whatever the client still sends, which
 * for a trickling client is as long as it likes; the header makes it close after answering.
 * (Node's HTTP/2 server drops the header with a warning, and answers all the same.)
 */
export function dropUnreadBody(
  request: Pick<Request, 'body' | 'bodyUsed'>,
  response: Response,
): Response {
  if (!request.bodyUsed) request.body?.cancel().catch(() => undefined);
  response.headers.set('Connection', 'close');
  return response;
}
