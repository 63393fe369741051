import * as v from 'valibot';

/** What create access token answers. `expires_in` is in seconds (86400). */
export interface TokenResponse {
  access_token: string;
  expires_in: number;
  token_type?: string;
  [key: string]: unknown;
}

/**
 * Tolerant parser for a token response: `expires_in` may come as a number or as decimal text
 * (`"86400"`), read as the number, as the service client's own reading does.
 */
export const TokenResponseSchema = v.looseObject({
  access_token: v.pipe(v.string(), v.nonEmpty()),
  expires_in: v.union([
    v.number(),
    v.pipe(v.string(), v.trim(), v.regex(/^\d{1,15}(\.\d{1,6})?$/), v.transform(Number)),
  ]),
}) as unknown as v.GenericSchema<unknown, TokenResponse>;
