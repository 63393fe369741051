import { escapeHtml } from './escapeHtml.js';
import { renderPage } from './renderPage.js';

/**
 * Renders a simple page with a heading and one message, e.g. for an expired or unknown link.
 * Both arguments are plain text and are escaped.
 */
export function renderMessagePage(title: string, message: string): string {
  const body = `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>`;
  return renderPage({ title, body });
}
