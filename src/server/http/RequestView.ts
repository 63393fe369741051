import type { CappedBody } from './readCappedBody.js';

/**
 * What a handler reads of a request, whichever server it came through: a web `Request`
 * (`webRequestView`), or a Node `IncomingMessage` taken as it is (`nodeRequestView`), so that
 * one implementation of the handler serves both. It reads the same in both forms.
 */
export interface RequestView {
  /** The method, uppercase as sent. */
  readonly method: string;
  /**
   * A header's value as a web `Headers` gives it (repeated ones joined with `, `), or `null`.
   * `name` is lowercase.
   */
  header(name: string): string | null;
  /** The names of the headers present, lowercase and sorted, as `Headers.keys()` lists them. */
  headerNames(): Iterable<string>;
  /** Whether something else read the body already. */
  readonly bodyUsed: boolean;
  /**
   * The body under `maxBytes` (`null` over it, see `readCappedBody`), or `'timeout'` when it has
   * not all arrived within `timeoutMs` of the call: then it goes on being read until `dropBody`.
   */
  readBody(maxBytes: number, timeoutMs: number): Promise<CappedBody | 'timeout'>;
  /**
   * Gives up a body not read to its end, without waiting or throwing (a body already read,
   * locked or broken off is fine).
   */
  dropBody(): void;
}
