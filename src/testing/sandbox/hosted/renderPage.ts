import { escapeHtml } from './escapeHtml.js';

/** Options of {@link renderPage}. */
export interface PageOptions {
  /** Plain text for `<title>`; escaped here. */
  title: string;
  /** The page content, ALREADY-ESCAPED HTML; placed inside `<main>` as is. */
  body: string;
  /** Language of the document; default `en`. */
  lang?: string;
}

const STYLE = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body {
  margin: 0; padding: 0 1rem 2rem; background: #ffffff; color: #1a1a1a;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  font-size: 1rem; line-height: 1.5;
}
main { max-width: 40rem; margin: 0 auto; }
.sandbox-banner {
  max-width: 40rem; margin: 0 auto 1.5rem; padding: 0.5rem 0.75rem;
  background: #fff4cc; color: #3d2e00; border: 1px solid #8a6d00; border-top: 0;
  border-radius: 0 0 0.375rem 0.375rem; font-weight: 600; text-align: center;
}
h1 { font-size: 1.5rem; line-height: 1.25; margin: 0 0 1rem; }
a { color: #0b57d0; }
a:hover { color: #063a8c; }
label { display: block; font-weight: 600; margin: 1rem 0 0.25rem; }
input, select, button { font: inherit; }
input, select {
  width: 100%; padding: 0.5rem 0.625rem; color: #1a1a1a; background: #ffffff;
  border: 1px solid #5f6368; border-radius: 0.375rem;
}
input[aria-invalid="true"], select[aria-invalid="true"] { border: 2px solid #b3261e; }
button {
  margin-top: 1.5rem; padding: 0.625rem 1.25rem; border: 0; border-radius: 0.375rem;
  background: #0b57d0; color: #ffffff; font-weight: 600; cursor: pointer;
}
button:hover { background: #063a8c; }
a:focus-visible, input:focus-visible, select:focus-visible, button:focus-visible {
  outline: 3px solid #f4b400; outline-offset: 2px;
}
.error {
  padding: 0.5rem 0.75rem; color: #8c1d18; background: #fdecea;
  border-left: 4px solid #b3261e; border-radius: 0.25rem;
}
.hint { color: #444746; font-size: 0.875rem; }
table { width: 100%; border-collapse: collapse; margin: 1rem 0; }
caption { text-align: left; font-weight: 600; padding-bottom: 0.5rem; }
th, td { padding: 0.5rem; text-align: left; vertical-align: middle; border-bottom: 1px solid #c4c7c5; }
th { background: #f1f3f4; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.selected td { background: #e8f0fe; }
img { vertical-align: middle; }
.visually-hidden {
  position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
@media (prefers-reduced-motion: reduce) { * { transition: none !important; } }
`;

/**
 * Renders a complete HTML5 document around `body` (already-escaped HTML): charset and viewport
 * meta, the escaped `title`, a small inline stylesheet and a visible sandbox banner.
 */
export function renderPage({ title, body, lang = 'en' }: PageOptions): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="sandbox-banner" role="note">Sandbox — no real insurance</div>
<main>
${body}
</main>
</body>
</html>
`;
}
