/** Whether a `Content-Type` is JSON in UTF-8 (the only charset JSON allows). */
export function isJsonContentType(header: string): boolean {
  const [type, ...params] = header.split(';').map((s) => s.trim().toLowerCase());
  if (type !== 'application/json') return false;
  return params.every((p) => !p.startsWith('charset=') || /^charset="?utf-8"?$/.test(p));
}
