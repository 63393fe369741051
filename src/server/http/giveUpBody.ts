/** The part of a `Request` or `Response` whose body can be given up. */
export interface BodyHolder {
  readonly bodyUsed: boolean;
  readonly body: ReadableStream<Uint8Array> | null;
}

/**
 * Gives up a body that will not be read to its end: it is cancelled, without waiting or
 * throwing (a body already read, locked or broken off is fine), which frees what its reader
 * holds and, for a request over a Node one, the Node stream behind it.
 */
export function giveUpBody(message: BodyHolder): void {
  if (!message.bodyUsed) message.body?.cancel().catch(() => undefined);
}
