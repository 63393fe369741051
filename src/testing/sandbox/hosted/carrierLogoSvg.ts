import { escapeHtml } from './escapeHtml.js';

/** What {@link carrierLogoSvg} draws. */
export interface CarrierLogoView {
  /** Carrier name: the SVG title, and the source of the initials. */
  name: string;
  /** Background colour as `#rrggbb`; anything else gives `#335577`. */
  color: string;
}

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
const FALLBACK_COLOR = '#335577';

/** First letters of the first two words, upper-cased; `?` for a blank name. */
function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .slice(0, 2)
    .map((w) => Array.from(w)[0] ?? '')
    .join('')
    .toUpperCase();
  return letters || '?';
}

/**
 * Renders a 96x96 SVG placeholder logo: a rounded square in the carrier colour with the
 * carrier's initials in white, centred. Serve as `image/svg+xml`.
 */
export function carrierLogoSvg(view: CarrierLogoView): string {
  const fill = HEX_COLOR.test(view.color) ? view.color : FALLBACK_COLOR;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img">
<title>${escapeHtml(view.name)}</title>
<rect width="96" height="96" rx="16" ry="16" fill="${fill}"/>
<text x="48" y="48" text-anchor="middle" dominant-baseline="central" fill="#ffffff" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" font-size="36" font-weight="700">${escapeHtml(initials(view.name))}</text>
</svg>
`;
}
