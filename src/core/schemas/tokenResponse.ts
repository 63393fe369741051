import * as v from 'valibot';

/** What create access token answers. `expires_in` is in seconds (86400). */
export interface TokenResponse {
  access_token: string;
  expires_in: number;
  token_type?: string;
  [key: string]: unknown;
}

/** Tolerant parser for a token response. */
export const TokenResponseSchema = v.looseObject({
  access_token: v.pipe(v.string(), v.nonEmpty()),
  expires_in: v.number(),
}) as unknown as v.GenericSchema<unknown, TokenResponse>;
