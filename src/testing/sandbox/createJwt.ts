const encoder = new TextEncoder();

function base64url(bytes: Uint8Array | string): string {
  const raw = typeof bytes === 'string' ? encoder.encode(bytes) : bytes;
  let s = '';
  for (const b of raw) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(value: string): Uint8Array<ArrayBuffer> {
  const s = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

/** Claims of a sandbox access token. Times are in seconds since the epoch. */
export interface SandboxClaims {
  sub: string;
  partner_id: string;
  platform_id: string | null;
  iat: number;
  exp: number;
  jti: string;
}

/** Signs and verifies HS256 JWTs with a key of its own. */
export interface JwtCodec {
  sign(claims: SandboxClaims): Promise<string>;
  /** The claims of a well-signed token, or `null`. Expiry is checked by the caller. */
  verify(token: string): Promise<SandboxClaims | null>;
  /** Replaces the key, so every token issued so far stops verifying. */
  rotate(): void;
}

/** Creates a {@link JwtCodec} with a fresh random key. */
export function createJwt(): JwtCodec {
  let key: Promise<CryptoKey>;
  const rotate = () => {
    key = crypto.subtle.importKey(
      'raw',
      crypto.getRandomValues(new Uint8Array(32)),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  };
  rotate();
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  return {
    rotate,
    async sign(claims) {
      const body = `${header}.${base64url(JSON.stringify(claims))}`;
      const mac = await crypto.subtle.sign('HMAC', await key, encoder.encode(body));
      return `${body}.${base64url(new Uint8Array(mac))}`;
    },
    async verify(token) {
      const parts = token.split('.');
      if (parts.length !== 3 || parts[0] !== header) return null;
      try {
        const ok = await crypto.subtle.verify(
          'HMAC',
          await key,
          fromBase64url(parts[2] as string),
          encoder.encode(`${parts[0]}.${parts[1]}`),
        );
        if (!ok) return null;
        const claims = JSON.parse(new TextDecoder().decode(fromBase64url(parts[1] as string)));
        return claims && typeof claims.exp === 'number' ? (claims as SandboxClaims) : null;
      } catch {
        return null;
      }
    },
  };
}
