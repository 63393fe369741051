/**
 * The Content-Security-Policy of hosted pages, with images also from `imageOrigin` (the asset
 * origin, where carrier logos live). No `frame-ancestors`: lenders embed these pages.
 */
export function hostedPageCsp(imageOrigin?: string): string {
  const images = imageOrigin ? ` ${imageOrigin}` : '';
  return `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:${images}; form-action 'self'; base-uri 'none'`;
}
