/** What {@link documentPdf} writes. */
export interface DocumentPdfView {
  /** Drawn at 18pt at the top of the page; also the document's `/Title`. */
  title: string;
  /** Drawn at 11pt below the title, one per line. Lines past the bottom margin are dropped. */
  lines: readonly string[];
}

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 72;
const TITLE_SIZE = 18;
const LINE_SIZE = 11;
const LEADING = 15;
const TITLE_GAP = 28;
/** How many body lines fit between the title and the bottom margin. */
const MAX_LINES = Math.floor((PAGE_HEIGHT - 2 * MARGIN - TITLE_GAP) / LEADING) + 1;

/**
 * Makes text safe for a PDF literal string that is exactly one byte per character: every
 * character outside printable ASCII becomes `?`, then `\`, `(` and `)` are escaped.
 */
function pdfString(text: string): string {
  const ascii = Array.from(text, (c) => {
    const code = c.codePointAt(0) ?? 0;
    return code >= 0x20 && code <= 0x7e ? c : '?';
  }).join('');
  return `(${ascii.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/**
 * Writes a minimal, valid one-page PDF 1.4 (US Letter, Helvetica) showing `title` and `lines`,
 * with an exact cross-reference table. Non-ASCII characters are replaced with `?`.
 */
export function documentPdf(view: DocumentPdfView): Uint8Array<ArrayBuffer> {
  const ops = [
    'BT',
    `/F1 ${TITLE_SIZE} Tf`,
    `${MARGIN} ${PAGE_HEIGHT - MARGIN} Td`,
    `${pdfString(view.title)} Tj`,
    `/F1 ${LINE_SIZE} Tf`,
    `${LEADING} TL`,
    `0 ${-TITLE_GAP} Td`,
  ];
  for (const line of view.lines.slice(0, MAX_LINES)) ops.push(`${pdfString(line)} Tj`, 'T*');
  ops.push('ET');
  // Every character of `content` is ASCII, so its length is its byte length.
  const content = `${ops.join('\n')}\n`;

  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${content.length} >>\nstream\n${content}endstream`,
    `<< /Title ${pdfString(view.title)} /Producer (lender-insurance-react sandbox) >>`,
  ];

  // Built as an all-ASCII string, so string offsets are byte offsets.
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefOffset = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\n`;
  out += `startxref\n${xrefOffset}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}
