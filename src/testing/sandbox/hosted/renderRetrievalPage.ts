import { RETRIEVAL_USERS } from '../retrievalUsers.js';
import { escapeHtml } from './escapeHtml.js';
import { renderPage } from './renderPage.js';

/** A field of the retrieval form. */
export type RetrievalField = 'carrier' | 'username' | 'password';

/** What {@link renderRetrievalPage} shows. */
export interface RetrievalPageView {
  /** URL the form posts to. */
  action: string;
  /** Carrier names offered in the carrier list. */
  carriers: readonly string[];
  /** Error message from a previous attempt; marks the `invalid` fields. */
  error?: string;
  /** The fields `error` is about; default: all of them. */
  invalid?: readonly RetrievalField[];
  /** Carrier to keep selected after a failed attempt (one of `carriers`). */
  carrier?: string;
  /** Username to pre-fill after a failed attempt. The password is never pre-filled. */
  username?: string;
}

/** `id` of the error paragraph, referenced by the fields' `aria-describedby`. */
const ERROR_ID = 'retrieval-error';

/** The sandbox users as a sentence: `a, b, c or d`. */
const USER_LIST = `${RETRIEVAL_USERS.slice(0, -1).join(', ')} or ${RETRIEVAL_USERS.at(-1)}`;

/**
 * Renders the hosted policy-retrieval page: a form where the borrower picks a carrier and enters
 * the carrier credentials. With `error`, shows it as an alert and wires it to the fields it is
 * about; after a failed attempt the chosen carrier and the username stay as they were.
 */
export function renderRetrievalPage(view: RetrievalPageView): string {
  const fields = view.error ? (view.invalid ?? ['carrier', 'username', 'password']) : [];
  const invalid = (field: RetrievalField) =>
    fields.includes(field) ? ` aria-invalid="true" aria-describedby="${ERROR_ID}"` : '';
  const error = view.error
    ? `<p role="alert" class="error" id="${ERROR_ID}">${escapeHtml(view.error)}</p>\n`
    : '';
  const options = view.carriers
    .map(
      (c) =>
        `<option value="${escapeHtml(c)}"${c === view.carrier ? ' selected' : ''}>${escapeHtml(c)}</option>`,
    )
    .join('\n');
  const username = view.username ? ` value="${escapeHtml(view.username)}"` : '';
  const body = `<h1>Share your current insurance policy</h1>
<p>Sign in with your insurance company's website credentials so we can retrieve your policy and share it with your lender.</p>
${error}<form method="post" action="${escapeHtml(view.action)}">
<label for="carrier">Insurance carrier</label>
<select id="carrier" name="carrier" required${invalid('carrier')}>
<option value="">Choose your carrier</option>
${options}
</select>
<label for="username">Username</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required${username}${invalid('username')}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid('password')}>
<button type="submit">Retrieve my policy</button>
</form>
<p class="hint">In the sandbox, use ${escapeHtml(USER_LIST)} with the sandbox password.</p>`;
  return renderPage({ title: 'Share your current insurance policy', body });
}
