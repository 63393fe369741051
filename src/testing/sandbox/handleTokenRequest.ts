import { ServiceError } from '../../core/errors/ServiceError.js';
import { UnauthorizedError } from '../../core/errors/UnauthorizedError.js';
import type { TokenRequest } from '../../core/schemas/tokenRequest.js';
import type { JwtCodec } from './createJwt.js';
import { randomId } from './randomId.js';
import type { SandboxClientConfig } from './sandboxClientConfig.js';
import { json } from './sandboxResponses.js';
import type { PartnerScope } from './sandboxTypes.js';

function sameString(a: string, b: string): boolean {
  // Length leaks nothing useful here; the loop keeps the comparison time independent of content.
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

/** The partner a client acts for in a token request, or an error. */
export function resolvePartner(
  clients: readonly SandboxClientConfig[],
  input: TokenRequest,
): PartnerScope {
  const client = clients.find((c) => c.clientId === input.client_id);
  if (!client || !sameString(client.clientSecret, input.client_secret)) {
    throw new UnauthorizedError('Invalid client credentials');
  }
  if (client.lenderPartnerIds) {
    if (!input.partner_id) {
      throw new ServiceError(400, 'partner_id_required', 'A platform partner must send partner_id');
    }
    if (!client.lenderPartnerIds.includes(input.partner_id)) {
      throw new UnauthorizedError('Invalid client credentials');
    }
    return { clientId: client.clientId, partnerId: input.partner_id, platformId: client.clientId };
  }
  if (input.partner_id) {
    throw new ServiceError(400, 'partner_id_not_allowed', 'Only platform partners send partner_id');
  }
  return {
    clientId: client.clientId,
    partnerId: client.partnerId ?? `partner_${client.clientId}`,
    platformId: null,
  };
}

/** Answers create access token: a JWT scoped to one partner, valid `ttlSeconds`. */
export async function handleTokenRequest(
  clients: readonly SandboxClientConfig[],
  jwt: JwtCodec,
  input: TokenRequest,
  now: number,
  ttlSeconds: number,
): Promise<Response> {
  const partner = resolvePartner(clients, input);
  const iat = Math.floor(now / 1000);
  const access_token = await jwt.sign({
    sub: partner.clientId,
    partner_id: partner.partnerId,
    platform_id: partner.platformId,
    iat,
    exp: iat + ttlSeconds,
    jti: randomId('tok', 8),
  });
  return json({ access_token, expires_in: ttlSeconds, token_type: 'Bearer' });
}
