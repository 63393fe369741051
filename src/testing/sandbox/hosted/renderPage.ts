import { escapeHtml } from './escapeHtml.js';
import type { HostedPalette } from './hostedPalettes.js';
import { HOSTED_PALETTES } from './hostedPalettes.js';

/** Options of {@link renderPage}. */
export interface PageOptions {
  /** Plain text for `<title>`; escaped here. */
  title: string;
  /** The page content, ALREADY-ESCAPED HTML; placed inside `<main>` as is. */
  body: string;
  /** Language of the document; default `en`. */
  lang?: string;
}

/** A palette as CSS custom properties: `fieldBorder` becomes `--field-border`. */
const declarations = (palette: HostedPalette) =>
  Object.entries(palette)
    .map(([name, value]) => `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${value};`)
    .join(' ');

const STYLE = `
:root { color-scheme: light dark; ${declarations(HOSTED_PALETTES.light)} }
@media (prefers-color-scheme: dark) {
  :root { ${declarations(HOSTED_PALETTES.dark)} }
}
* { box-sizing: border-box; }
body {
  margin: 0; padding: 0 1rem 2rem; background: var(--background); color: var(--text);
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  font-size: 1rem; line-height: 1.5;
}
main { max-width: 40rem; margin: 0 auto; }
.sandbox-banner {
  max-width: 40rem; margin: 0 auto 1.5rem; padding: 0.5rem 0.75rem;
  background: var(--banner-background); color: var(--banner-text);
  border: 1px solid var(--banner-border); border-top: 0;
  border-radius: 0 0 0.375rem 0.375rem; font-weight: 600; text-align: center;
}
h1 { font-size: 1.5rem; line-height: 1.25; margin: 0 0 1rem; }
a { color: var(--link); }
a:hover { color: var(--link-hover); }
label { display: block; font-weight: 600; margin: 1rem 0 0.25rem; }
input, select, button { font: inherit; }
input, select {
  width: 100%; padding: 0.5rem 0.625rem; color: var(--text); background: var(--field);
  border: 1px solid var(--field-border); border-radius: 0.375rem;
}
input[aria-invalid="true"], select[aria-invalid="true"] { border: 2px solid var(--invalid); }
button {
  margin-top: 1.5rem; padding: 0.625rem 1.25rem; border: 0; border-radius: 0.375rem;
  background: var(--button); color: var(--button-text); font-weight: 600; cursor: pointer;
}
button:hover { background: var(--button-hover); }
a:focus-visible, input:focus-visible, select:focus-visible, button:focus-visible {
  outline: 3px solid var(--focus); outline-offset: 2px;
}
.error {
  padding: 0.5rem 0.75rem; color: var(--error-text); background: var(--error-background);
  border-left: 4px solid var(--error-border); border-radius: 0.25rem;
}
.hint { color: var(--muted); font-size: 0.875rem; }
.table-scroll { overflow-x: auto; margin: 1rem 0; }
.table-scroll:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
table { width: 100%; border-collapse: collapse; margin: 1rem 0; }
.table-scroll table { margin: 0; }
caption { text-align: left; font-weight: 600; padding-bottom: 0.5rem; }
th, td { padding: 0.5rem; text-align: left; vertical-align: middle; border-bottom: 1px solid var(--rule); }
th { background: var(--table-header); }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.selected td { background: var(--selected); }
img { vertical-align: middle; }
.visually-hidden {
  position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
@media (prefers-reduced-motion: reduce) { * { transition: none !important; } }
`;

/**
 * Renders a complete HTML5 document around `body` (already-escaped HTML): charset and viewport
 * meta, the escaped `title`, a small inline stylesheet (light, or dark when the system prefers
 * it: {@link HOSTED_PALETTES}) and a visible sandbox banner, in a landmark like the rest.
 */
export function renderPage({ title, body, lang = 'en' }: PageOptions): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><div class="sandbox-banner" role="note">Sandbox — no real insurance</div></header>
<main>
${body}
</main>
</body>
</html>
`;
}
