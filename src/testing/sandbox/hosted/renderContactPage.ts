import { escapeHtml } from './escapeHtml.js';
import { formatUsd } from './formatUsd.js';
import { renderPage } from './renderPage.js';

/** What {@link renderContactPage} shows. */
export interface ContactPageView {
  loanNumber: string;
  /** The quote the borrower selected, if any. */
  quote?: { carrierName: string; premium: number };
}

/**
 * Renders the hosted contact page: explains that an advisor will call about the loan, and names
 * the selected quote when there is one.
 */
export function renderContactPage(view: ContactPageView): string {
  const quote = view.quote
    ? `<p>You selected the <strong>${escapeHtml(view.quote.carrierName)}</strong> quote at <strong>${escapeHtml(formatUsd(view.quote.premium))}</strong> per year. Your advisor will go through it with you.</p>`
    : '<p>Your advisor will help you compare quotes and choose a policy.</p>';
  const body = `<h1>Talk to an insurance advisor</h1>
<p>A licensed insurance advisor will call you shortly about your home insurance for loan number <strong>${escapeHtml(view.loanNumber)}</strong>.</p>
${quote}
<p>There is no obligation to buy, and your loan does not depend on which insurer you choose.</p>`;
  return renderPage({ title: 'Talk to an insurance advisor', body });
}
