import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { carrierLogoSvg } from '../../src/testing/sandbox/hosted/carrierLogoSvg.js';
import { documentPdf } from '../../src/testing/sandbox/hosted/documentPdf.js';
import { escapeHtml } from '../../src/testing/sandbox/hosted/escapeHtml.js';
import type { HostedPalette } from '../../src/testing/sandbox/hosted/hostedPalettes.js';
import { HOSTED_PALETTES } from '../../src/testing/sandbox/hosted/hostedPalettes.js';
import { htmlResponse } from '../../src/testing/sandbox/hosted/htmlResponse.js';
import { renderContactPage } from '../../src/testing/sandbox/hosted/renderContactPage.js';
import type {
  DisplayPageView,
  DisplayQuote,
} from '../../src/testing/sandbox/hosted/renderDisplayPage.js';
import { renderDisplayPage } from '../../src/testing/sandbox/hosted/renderDisplayPage.js';
import { renderMessagePage } from '../../src/testing/sandbox/hosted/renderMessagePage.js';
import { renderPage } from '../../src/testing/sandbox/hosted/renderPage.js';
import { renderRetrievalDone } from '../../src/testing/sandbox/hosted/renderRetrievalDone.js';
import { renderRetrievalPage } from '../../src/testing/sandbox/hosted/renderRetrievalPage.js';

const XSS = '<img src=x onerror=alert(1)>';
const XSS_ESCAPED = '&lt;img src=x onerror=alert(1)&gt;';

function quote(overrides: Partial<DisplayQuote> = {}): DisplayQuote {
  return {
    id: 'q1',
    carrierName: 'Acme Mutual',
    carrierLogoUrl: '/sandbox/logos/acme.svg',
    policyType: 'HO3',
    premium: 1234.5,
    monthlyPremium: 102.875,
    effectiveDate: '2025-07-01',
    selected: false,
    ...overrides,
  };
}

function displayView(overrides: Partial<DisplayPageView> = {}): DisplayPageView {
  return {
    loanNumber: 'LN-1001',
    status: 'RC1_RATED',
    quotes: [quote()],
    contactPageUrl: '/sandbox/contact/abc',
    ...overrides,
  };
}

/** Opening tag of the first element with `id`, found by a simple regex over our own markup. */
function tagWithId(html: string, id: string): string | undefined {
  return html.match(new RegExp(`<[a-z]+[^>]*\\bid="${id}"[^>]*>`))?.[0];
}

describe('escapeHtml', () => {
  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });

  it('stringifies numbers and maps null/undefined to the empty string', () => {
    expect(escapeHtml(42)).toBe('42');
    expect(escapeHtml(0)).toBe('0');
    expect(escapeHtml(null)).toBe('');
    expect(escapeHtml(undefined)).toBe('');
  });

  it('never leaves a raw special character', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(escapeHtml(s)).not.toMatch(/[<>"']|&(?!amp;|lt;|gt;|quot;|#39;)/);
      }),
    );
  });
});

describe('renderPage', () => {
  it('renders a complete, accessible HTML5 document with a sandbox banner', () => {
    const html = renderPage({ title: 'A & B <c>', body: '<p>hi</p>' });
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('name="viewport"');
    expect(html).toContain('<title>A &amp; B &lt;c&gt;</title>');
    expect(html).toContain('<main>\n<p>hi</p>\n</main>');
    expect(html).toMatch(/<div[^>]*role="note"[^>]*>Sandbox — no real insurance<\/div>/);
    expect(html.indexOf('role="note"')).toBeLessThan(html.indexOf('<main>'));
    // In a landmark too: every part of the page is in one.
    expect(html).toMatch(/<header><div[^>]*role="note"[^>]*>[^<]*<\/div><\/header>/);
    expect(html).toContain('max-width: 40rem');
    expect(html).toContain(':focus-visible');
    expect(html).toContain('.error');
  });

  it('honours lang', () => {
    expect(renderPage({ title: 't', body: '', lang: 'es' })).toContain('<html lang="es">');
  });

  it('follows the system colour scheme: light, or the dark palette when dark is preferred', () => {
    const html = renderPage({ title: 't', body: '' });
    expect(html).toContain('<meta name="color-scheme" content="light dark">');
    expect(html).toMatch(/:root \{ color-scheme: light dark; [^}]*--background: #ffffff;/);
    const dark = html.match(/@media \(prefers-color-scheme: dark\) \{\s*:root \{([^}]*)\}/)?.[1];
    expect(dark).toContain(`--background: ${HOSTED_PALETTES.dark.background};`);
    expect(dark).toContain(`--field-border: ${HOSTED_PALETTES.dark.fieldBorder};`);
    // Every colour comes from the palette, so none is left behind in only one scheme.
    const style = html.slice(html.indexOf('<style>'), html.indexOf('</style>'));
    const rules = style.replace(/--[a-z-]+: #[0-9a-f]{6};/g, '');
    expect(rules).not.toMatch(/#[0-9a-f]{3,6}\b/i);
  });
});

/** WCAG 2 contrast ratio of two `#rrggbb` colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe.each(Object.entries(HOSTED_PALETTES))('the %s palette', (_, palette: HostedPalette) => {
  it.each([
    ['text', 'background'],
    ['muted', 'background'],
    ['link', 'background'],
    ['linkHover', 'background'],
    ['text', 'field'],
    ['buttonText', 'button'],
    ['buttonText', 'buttonHover'],
    ['errorText', 'errorBackground'],
    ['bannerText', 'bannerBackground'],
    ['text', 'tableHeader'],
    ['text', 'selected'],
  ] as const)('%s on %s is readable (4.5:1)', (fg, bg) => {
    expect(contrast(palette[fg], palette[bg])).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    ['fieldBorder', 'background'],
    ['fieldBorder', 'field'],
    ['invalid', 'background'],
    ['focus', 'background'],
    ['button', 'background'],
  ] as const)('%s on %s is visible (3:1)', (fg, bg) => {
    expect(contrast(palette[fg], palette[bg])).toBeGreaterThanOrEqual(3);
  });
});

describe('htmlResponse', () => {
  it('sets content type and security headers, without frame-ancestors', async () => {
    const res = htmlResponse('<p>x</p>');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const csp = res.headers.get('content-security-policy');
    expect(csp).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; base-uri 'none'",
    );
    expect(csp).not.toContain('frame-ancestors');
    expect(res.headers.has('x-frame-options')).toBe(false);
    expect(await res.text()).toBe('<p>x</p>');
  });

  it('takes a status and extra headers, which override defaults', () => {
    const res = htmlResponse('gone', 410, { 'X-Extra': '1', 'Cache-Control': 'private' });
    expect(res.status).toBe(410);
    expect(res.headers.get('x-extra')).toBe('1');
    expect(res.headers.get('cache-control')).toBe('private');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });
});

describe('renderDisplayPage', () => {
  it('escapes carrier names everywhere (text and alt)', () => {
    const html = renderDisplayPage(
      displayView({ quotes: [quote({ carrierName: XSS, policyType: XSS })], loanNumber: XSS }),
    );
    expect(html).not.toContain(XSS);
    expect(html).toContain(XSS_ESCAPED);
    expect(html).toContain(`alt="${XSS_ESCAPED} logo"`);
    expect(html).not.toContain('<img src=x');
  });

  it('escapes URLs in attributes', () => {
    const html = renderDisplayPage(
      displayView({
        contactPageUrl: '/c?a=1&b="><script>',
        quotes: [quote({ carrierLogoUrl: '/l.svg" onload="x' })],
      }),
    );
    expect(html).toContain('href="/c?a=1&amp;b=&quot;&gt;&lt;script&gt;"');
    expect(html).toContain('src="/l.svg&quot; onload=&quot;x"');
    expect(html).not.toContain('<script>');
  });

  it('shows heading, loan number, an accessible table and formatted USD premiums', () => {
    const html = renderDisplayPage(displayView());
    expect(html).toContain('<h1>Your home insurance quotes</h1>');
    expect(html).toContain('LN-1001');
    expect(html).toContain('<caption id="quotes-caption">Home insurance quotes for loan LN-1001');
    // Narrower than the table (a phone), it scrolls in its own region, reachable by keyboard.
    expect(html).toMatch(
      /<div class="table-scroll" role="region" aria-labelledby="quotes-caption" tabindex="0">\s*<table>/,
    );
    expect(html).toContain('.table-scroll { overflow-x: auto;');
    expect(html).toContain('<th scope="col">Carrier</th>');
    expect(html).toContain('<th scope="row">Acme Mutual</th>');
    expect(html).toContain('alt="Acme Mutual logo"');
    expect(html).toContain('HO3');
    expect(html).toContain('$1,234.50');
    expect(html).toContain('$102.88');
    expect(html).toContain('<time datetime="2025-07-01">2025-07-01</time>');
    expect(html).toContain('<a href="/sandbox/contact/abc">Talk to an advisor</a>');
  });

  it('marks the selected quote with text, not only colour', () => {
    const html = renderDisplayPage(
      displayView({
        quotes: [
          quote({ id: 'a', carrierName: 'Alpha Insurance' }),
          quote({ id: 'b', carrierName: 'Beta Insurance', selected: true }),
        ],
      }),
    );
    const rows = html.match(/<tr[\s>][\s\S]*?<\/tr>/g) ?? [];
    const alpha = rows.find((r) => r.includes('Alpha Insurance'));
    const beta = rows.find((r) => r.includes('Beta Insurance'));
    expect(alpha).not.toContain('Selected');
    expect(beta).toContain('<strong>Selected</strong>');
    expect(html.match(/>Selected</g)).toHaveLength(1);
  });

  it('shows a polite live message while rating', () => {
    for (const status of ['RC1_RATING', 'RC2_RATING']) {
      const html = renderDisplayPage(displayView({ status }));
      expect(html).toMatch(/<p role="status" aria-live="polite">We are still collecting quotes…/);
      expect(html).not.toContain('<table');
      expect(html).toContain('Talk to an advisor');
    }
  });

  it('shows an error for RC1_ERRORED', () => {
    const html = renderDisplayPage(displayView({ status: 'RC1_ERRORED' }));
    expect(html).toContain('role="alert" class="error"');
    expect(html).not.toContain('<table');
  });

  it('says "No quotes yet" when there are none', () => {
    const html = renderDisplayPage(displayView({ quotes: [] }));
    expect(html).toContain('No quotes yet');
    expect(html).not.toContain('<table');
  });
});

describe('renderContactPage', () => {
  it('explains the call and mentions the selected quote', () => {
    const html = renderContactPage({
      loanNumber: 'LN-7',
      quote: { carrierName: XSS, premium: 2000 },
    });
    expect(html).toContain('<h1>Talk to an insurance advisor</h1>');
    expect(html).toMatch(/advisor will call you/);
    expect(html).toContain('LN-7');
    expect(html).toContain(XSS_ESCAPED);
    expect(html).not.toContain(XSS);
    expect(html).toContain('$2,000.00');
  });

  it('works without a quote', () => {
    const html = renderContactPage({ loanNumber: 'LN-7' });
    expect(html).not.toContain('You selected');
  });
});

describe('renderRetrievalPage', () => {
  const carriers = ['Acme Mutual', 'Beta & Co'];

  it('renders a labelled form with all fields', () => {
    const html = renderRetrievalPage({ action: '/sandbox/retrieval/t1?x=1&y=2', carriers });
    expect(html).toContain('<h1>Share your current insurance policy</h1>');
    expect(html).toContain('<form method="post" action="/sandbox/retrieval/t1?x=1&amp;y=2">');
    expect(html).toMatch(/<select id="carrier" name="carrier" required>/);
    expect(html).toContain('<option value="">Choose your carrier</option>');
    expect(html).toContain('<option value="Beta &amp; Co">Beta &amp; Co</option>');
    // Every field has a <label for> pointing at its id.
    for (const [id, name] of [
      ['carrier', 'carrier'],
      ['username', 'username'],
      ['password', 'password'],
    ] as const) {
      expect(html).toMatch(new RegExp(`<label for="${id}">[^<]+</label>`));
      const tag = tagWithId(html, id);
      expect(tag).toContain(`name="${name}"`);
      expect(tag).toContain('required');
    }
    expect(tagWithId(html, 'username')).toContain('autocomplete="username"');
    expect(tagWithId(html, 'password')).toContain('type="password"');
    expect(tagWithId(html, 'password')).toContain('autocomplete="current-password"');
    expect(html).toContain('<button type="submit">Retrieve my policy</button>');
    expect(html).toContain(
      'In the sandbox, use user_good, user_good_flood, user_good_expensive or user_good_cancelled with the sandbox password.',
    );
    const main = html.slice(html.indexOf('<main>'));
    expect(main).not.toContain('aria-invalid');
    expect(main).not.toContain('aria-describedby');
    expect(main).not.toContain('role="alert"');
  });

  it('wires the error to the fields with aria-describedby', () => {
    const html = renderRetrievalPage({
      action: '/r',
      carriers,
      error: 'Wrong <username> or password',
    });
    const alert = html.match(/<p role="alert" class="error" id="([^"]+)">([^<]*)<\/p>/);
    expect(alert).not.toBeNull();
    const errorId = alert?.[1] ?? '';
    expect(alert?.[2]).toBe('Wrong &lt;username&gt; or password');
    expect(html.match(new RegExp(`id="${errorId}"`, 'g'))).toHaveLength(1);
    for (const id of ['carrier', 'username', 'password']) {
      const tag = tagWithId(html, id) ?? '';
      expect(tag).toContain('aria-invalid="true"');
      expect(tag.match(/aria-describedby="([^"]+)"/)?.[1]?.split(' ')).toContain(errorId);
    }
  });

  it('keeps the chosen carrier selected, and marks only the fields the error is about', () => {
    const html = renderRetrievalPage({
      action: '/r',
      carriers,
      carrier: 'Beta & Co',
      username: 'user_good',
      error: 'Wrong password',
      invalid: ['username', 'password'],
    });
    expect(html).toContain('<option value="Beta &amp; Co" selected>Beta &amp; Co</option>');
    expect(html.match(/ selected>/g)).toHaveLength(1);
    expect(tagWithId(html, 'carrier')).not.toContain('aria-invalid');
    expect(tagWithId(html, 'carrier')).not.toContain('aria-describedby');
    for (const id of ['username', 'password']) {
      expect(tagWithId(html, id)).toContain(
        'aria-invalid="true" aria-describedby="retrieval-error"',
      );
    }
  });

  it('pre-fills the username escaped, never the password', () => {
    const html = renderRetrievalPage({ action: '/r', carriers, username: '"><script>x' });
    expect(tagWithId(html, 'username')).toContain('value="&quot;&gt;&lt;script&gt;x"');
    expect(html).not.toContain('<script>');
    expect(tagWithId(html, 'password')).not.toContain('value=');
  });
});

describe('renderRetrievalDone', () => {
  it('lists the policies with a status message', () => {
    const html = renderRetrievalDone({
      policies: [
        { carrier: 'Acme', policyNumber: 'P-1', policyType: 'HO3' },
        { carrier: XSS, policyNumber: 'P-2', policyType: 'FLOOD' },
      ],
    });
    expect(html).toContain('<h1>Policy retrieved</h1>');
    expect(html).toMatch(/<p role="status">[^<]+<\/p>/);
    expect(html.match(/<li>/g)).toHaveLength(2);
    expect(html).toContain('P-1');
    expect(html).toContain('FLOOD');
    expect(html).not.toContain(XSS);
    expect(html).toContain('You can close this window.');
  });
});

describe('renderMessagePage', () => {
  it('escapes title and message', () => {
    const html = renderMessagePage('Link <expired>', 'Ask your lender for a new link & retry.');
    expect(html).toContain('<title>Link &lt;expired&gt;</title>');
    expect(html).toContain('<h1>Link &lt;expired&gt;</h1>');
    expect(html).toContain('<p>Ask your lender for a new link &amp; retry.</p>');
  });
});

describe('carrierLogoSvg', () => {
  it('draws a 96x96 titled SVG with initials', () => {
    const svg = carrierLogoSvg({ name: 'acme mutual insurance', color: '#aa3300' });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('width="96" height="96"');
    expect(svg).toContain('role="img"');
    expect(svg).toContain('<title>acme mutual insurance</title>');
    expect(svg).toContain('fill="#aa3300"');
    expect(svg).toMatch(/text-anchor="middle"[^>]*>AM<\/text>/);
  });

  it('uses one initial for one word, and escapes the name', () => {
    const svg = carrierLogoSvg({ name: '<Zeta>', color: '#123456' });
    expect(svg).toContain('<title>&lt;Zeta&gt;</title>');
    expect(svg).toMatch(/>&lt;<\/text>/);
    expect(carrierLogoSvg({ name: '  zeta  ', color: '#123456' })).toMatch(/>Z<\/text>/);
    expect(carrierLogoSvg({ name: '', color: '#123456' })).toMatch(/>\?<\/text>/);
  });

  it('falls back to #335577 for an invalid colour', () => {
    for (const color of ['red', '#abc', '#12345g', '#123456" onload="x', '']) {
      const svg = carrierLogoSvg({ name: 'A B', color });
      expect(svg).toContain('fill="#335577"');
      expect(svg).not.toContain('onload');
    }
  });
});

interface ParsedPdf {
  text: string;
  xref: Map<number, number>;
  startxref: number;
}

function parsePdf(bytes: Uint8Array): ParsedPdf {
  const text = new TextDecoder('latin1').decode(bytes);
  // One byte per character, so string indices are byte offsets.
  expect(text.length).toBe(bytes.length);
  const startxref = Number(text.match(/startxref\n(\d+)\n%%EOF\n?$/)?.[1]);
  const section = text.slice(startxref).match(/^xref\n0 (\d+)\n((?:\d{10} \d{5} [fn] \n)+)trailer/);
  expect(section).not.toBeNull();
  const count = Number(section?.[1]);
  const entries = (section?.[2] ?? '').match(/.{20}/gs) ?? [];
  expect(entries).toHaveLength(count);
  expect(entries[0]).toBe('0000000000 65535 f \n');
  const xref = new Map<number, number>();
  entries.forEach((entry, n) => {
    if (n > 0) xref.set(n, Number(entry.slice(0, 10)));
  });
  expect(text).toContain(`/Size ${count}`);
  return { text, xref, startxref };
}

function expectValidPdf(bytes: Uint8Array): ParsedPdf {
  const parsed = parsePdf(bytes);
  const { text, xref, startxref } = parsed;
  expect(text.startsWith('%PDF-1.4\n')).toBe(true);
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
  // Every object in the file is in the xref at its real byte offset, and vice versa.
  const objects = [...text.matchAll(/(?<=^|\n)(\d+) 0 obj\n/g)];
  expect(objects.length).toBe(xref.size);
  for (const m of objects) {
    expect(xref.get(Number(m[1]))).toBe(m.index);
  }
  for (const [n, offset] of xref) {
    expect(text.startsWith(`${n} 0 obj\n`, offset)).toBe(true);
  }
  // The stream /Length is exact.
  const stream = text.match(/<< \/Length (\d+) >>\nstream\n/);
  expect(stream).not.toBeNull();
  const start = (stream?.index ?? 0) + (stream?.[0].length ?? 0);
  const length = Number(stream?.[1]);
  expect(text.slice(start + length, start + length + 9)).toBe('endstream');
  return parsed;
}

describe('documentPdf', () => {
  it('writes a valid PDF 1.4 with an exact xref', () => {
    const bytes = documentPdf({
      title: 'Declarations page',
      lines: ['Policy number: P-1', 'Carrier: Acme', 'Annual premium: $1,234.50'],
    });
    expect(bytes).toBeInstanceOf(Uint8Array);
    const { text } = expectValidPdf(bytes);
    expect(text).toContain('/Type /Catalog');
    expect(text).toContain('/Type /Pages /Kids [3 0 R] /Count 1');
    expect(text).toContain('/MediaBox [0 0 612 792]');
    expect(text).toContain('/BaseFont /Helvetica');
    expect(text).toContain('/F1 18 Tf');
    expect(text).toContain('(Declarations page) Tj');
    expect(text).toContain('/F1 11 Tf');
    expect(text).toContain('(Policy number: P-1) Tj');
  });

  it('escapes PDF string characters and replaces non-ASCII, keeping offsets right', () => {
    const bytes = documentPdf({
      title: 'Policy (copy) \\ Café – 日本 🏠',
      lines: ['a)b(c\\d', 'naïve\ttab\r\nnewline', ''],
    });
    const { text } = expectValidPdf(bytes);
    expect(text).toContain('(Policy \\(copy\\) \\\\ Caf? ? ?? ?) Tj');
    expect(text).toContain('(a\\)b\\(c\\\\d) Tj');
    expect(text).toContain('(na?ve?tab??newline) Tj');
    for (const byte of bytes) expect(byte).toBeLessThan(0x80);
  });

  it('stays valid for arbitrary text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }),
        fc.array(fc.string({ unit: 'binary' })),
        (title, lines) => {
          expectValidPdf(documentPdf({ title, lines }));
        },
      ),
      { numRuns: 200 },
    );
    // 200 documents take about a second alone; several on a loaded two-core machine.
  }, 30_000);

  it('stays valid with more lines than fit on the page', () => {
    const lines = Array.from({ length: 100 }, (_, i) => `Line ${i + 1}`);
    const { text } = expectValidPdf(documentPdf({ title: 'Long', lines }));
    expect(text).toContain('(Line 1) Tj');
  });
});
