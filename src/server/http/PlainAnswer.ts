/**
 * An answer whose body is text known when it is made (every JSON answer of the library's own
 * handlers), before it becomes a web `Response`: a Node server writes it as is, in one piece.
 * Header names are lowercase, as a `Response`'s headers read.
 */
export interface PlainAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** `null` for an answer without a body (204, 205, 304). */
  readonly body: string | null;
}
