import type { PlainAnswer } from './PlainAnswer.js';

/**
 * `answer` saying `Connection: close`: the answer to a request whose body was given up (see
 * `giveUpBody`). Cancelling the body frees what the handler holds, but a Node server keeps the
 * connection open to drain whatever the client still sends, which for a trickling client is as
 * long as it likes; the header makes it close after answering.
 */
export function closingConnection<A extends PlainAnswer>(answer: A): A {
  return { ...answer, headers: { ...answer.headers, connection: 'close' } };
}
