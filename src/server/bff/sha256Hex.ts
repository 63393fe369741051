const encoder = new TextEncoder();

/** The lowercase hex SHA-256 of a UTF-8 string (Web Crypto, so it runs on any server runtime). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
