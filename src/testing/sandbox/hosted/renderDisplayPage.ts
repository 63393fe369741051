import { isErrored, isQuoting } from '../../../core/loanStatus.js';
import { escapeHtml } from './escapeHtml.js';
import { formatUsd } from './formatUsd.js';
import { renderPage } from './renderPage.js';

/** One quote row of {@link DisplayPageView}. */
export interface DisplayQuote {
  id: string;
  carrierName: string;
  carrierLogoUrl: string;
  policyType: string;
  /** Annual premium in US dollars. */
  premium: number;
  /** Monthly premium in US dollars. */
  monthlyPremium: number;
  /** Effective date, preferably `YYYY-MM-DD`. */
  effectiveDate: string;
  /** `true` for the quote the borrower selected. */
  selected: boolean;
}

/** What {@link renderDisplayPage} shows. */
export interface DisplayPageView {
  loanNumber: string;
  /** Loan application status, e.g. `RC1_RATING`, `RC1_RATED`, `RC1_ERRORED`. */
  status: string;
  quotes: DisplayQuote[];
  contactPageUrl: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function renderDate(value: string): string {
  const text = escapeHtml(value);
  return ISO_DATE.test(value) ? `<time datetime="${text}">${text}</time>` : text;
}

function renderQuoteRow(q: DisplayQuote): string {
  const carrier = escapeHtml(q.carrierName);
  return `<tr${q.selected ? ' class="selected"' : ''}>
<td><img src="${escapeHtml(q.carrierLogoUrl)}" alt="${carrier} logo" width="32" height="32"></td>
<th scope="row">${carrier}</th>
<td>${escapeHtml(q.policyType)}</td>
<td class="num">${escapeHtml(formatUsd(q.premium))}</td>
<td class="num">${escapeHtml(formatUsd(q.monthlyPremium))}</td>
<td>${renderDate(q.effectiveDate)}</td>
<td>${q.selected ? '<strong>Selected</strong>' : ''}</td>
</tr>`;
}

function renderQuotes(view: DisplayPageView): string {
  if (isQuoting(view.status)) {
    return '<p role="status" aria-live="polite">We are still collecting quotes… This usually takes under a minute. Reload this page to see them.</p>';
  }
  if (isErrored(view.status)) {
    return '<p role="alert" class="error">We could not get quotes for this loan. An advisor can help you find insurance.</p>';
  }
  if (view.quotes.length === 0) return '<p>No quotes yet.</p>';
  // On a phone the table scrolls sideways in its own (keyboard-scrollable) region, not the page.
  return `<div class="table-scroll" role="region" aria-labelledby="quotes-caption" tabindex="0">
<table>
<caption id="quotes-caption">Home insurance quotes for loan ${escapeHtml(view.loanNumber)}</caption>
<thead>
<tr>
<th scope="col"><span class="visually-hidden">Logo</span></th>
<th scope="col">Carrier</th>
<th scope="col">Policy type</th>
<th scope="col" class="num">Annual premium</th>
<th scope="col" class="num">Monthly premium</th>
<th scope="col">Effective date</th>
<th scope="col">Your choice</th>
</tr>
</thead>
<tbody>
${view.quotes.map(renderQuoteRow).join('\n')}
</tbody>
</table>
</div>`;
}

/**
 * Renders the hosted quote display page: the loan number, then a "still collecting" notice while
 * rating, an error after `RC1_ERRORED`, or a table of quotes with the selected one marked in
 * text; and a link to the contact page.
 */
export function renderDisplayPage(view: DisplayPageView): string {
  const body = `<h1>Your home insurance quotes</h1>
<p>Loan number: <strong>${escapeHtml(view.loanNumber)}</strong></p>
${renderQuotes(view)}
<p><a href="${escapeHtml(view.contactPageUrl)}">Talk to an advisor</a></p>`;
  return renderPage({ title: 'Your home insurance quotes', body });
}
