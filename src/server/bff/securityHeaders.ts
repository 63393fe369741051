/**
 * Headers on every BFF response, errors and event streams included: nothing is cached (signed
 * URLs, personal data), nothing is sniffed, framed or given a referrer, and a JSON answer opened
 * as a page can run nothing.
 */
export const securityHeaders: Readonly<Record<string, string>> = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
};
