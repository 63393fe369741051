import { escapeHtml } from './escapeHtml.js';
import { renderPage } from './renderPage.js';

/** One retrieved policy of {@link RetrievalDoneView}. */
export interface RetrievedPolicySummary {
  carrier: string;
  policyNumber: string;
  policyType: string;
}

/** What {@link renderRetrievalDone} shows. */
export interface RetrievalDoneView {
  policies: RetrievedPolicySummary[];
}

/** Renders the page shown after a successful policy retrieval: the policies found. */
export function renderRetrievalDone(view: RetrievalDoneView): string {
  const items = view.policies
    .map(
      (p) =>
        `<li><strong>${escapeHtml(p.carrier)}</strong>: ${escapeHtml(p.policyType)} policy, number ${escapeHtml(p.policyNumber)}</li>`,
    )
    .join('\n');
  const list = view.policies.length > 0 ? `<ul>\n${items}\n</ul>\n` : '';
  const count = view.policies.length === 1 ? '1 policy' : `${view.policies.length} policies`;
  const body = `<h1>Policy retrieved</h1>
<p role="status">We retrieved ${count} and shared ${view.policies.length === 1 ? 'it' : 'them'} with your lender.</p>
${list}<p>You can close this window.</p>`;
  return renderPage({ title: 'Policy retrieved', body });
}
