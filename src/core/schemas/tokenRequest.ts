import * as v from 'valibot';
import { ID_PATTERN } from '../ids.js';

/** Body of create access token. `partner_id` is sent by platform partners only. */
export const TokenRequestSchema = v.object({
  client_id: v.pipe(v.string(), v.nonEmpty('client_id is required'), v.maxLength(200)),
  client_secret: v.pipe(v.string(), v.nonEmpty('client_secret is required'), v.maxLength(500)),
  partner_id: v.optional(v.pipe(v.string(), v.regex(ID_PATTERN, 'partner_id is malformed'))),
});

/** Body of create access token. */
export type TokenRequest = v.InferInput<typeof TokenRequestSchema>;
