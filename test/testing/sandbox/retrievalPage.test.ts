// @vitest-environment jsdom
// The hosted retrieval page after a failed sign-in, read as a browser reads it (role queries).
import '@testing-library/jest-dom/vitest';
import { within } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import { SANDBOX_CARRIERS, SANDBOX_DEFAULTS } from '../../../src/testing/index.js';
import type { Harness } from './harness.js';
import { createHarness } from './harness.js';

const CARRIER = (SANDBOX_CARRIERS[2] as { name: string }).name;
const PASSWORD = SANDBOX_DEFAULTS.sandboxPassword;

async function startRetrieval(h: Harness) {
  const loanId = (await h.submitLoan({ loanNumber: 'LN-RET-2' })).json.id as string;
  const res = await h.call('PATCH', `/v1/policies/${loanId}/retrieve`);
  expect(res.status).toBe(200);
  return { retrievalUrl: res.json.retrievalUrl as string };
}

function submitForm(h: Harness, url: string, fields: Record<string, string>) {
  return h.sandbox.fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The page as a browser reads it, for role queries: its body becomes this document's. */
function pageOf(html: string) {
  document.body.innerHTML = new DOMParser().parseFromString(html, 'text/html').body.innerHTML;
  return within(document.body);
}

describe('the hosted retrieval page after a failed sign-in', () => {
  it('after a wrong password keeps the chosen carrier and the username, the error on the credentials', async () => {
    const h = await createHarness();
    const { retrievalUrl } = await startRetrieval(h);

    const res = await submitForm(h, retrievalUrl, {
      carrier: CARRIER,
      username: 'user_good',
      password: 'wrong',
    });
    expect(res.status).toBe(401);
    const page = pageOf(await res.text());
    const alert = page.getByRole('alert');
    expect(alert).toHaveTextContent(/could not sign in/);
    const carrier = page.getByRole<HTMLSelectElement>('combobox', { name: 'Insurance carrier' });
    expect(carrier.value).toBe(CARRIER);
    expect(carrier.selectedOptions).toHaveLength(1);
    expect(carrier).not.toHaveAttribute('aria-invalid');
    expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue('user_good');
    const password = page.getByLabelText('Password');
    expect(password).toHaveValue('');
    for (const field of [page.getByRole('textbox', { name: 'Username' }), password]) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(alert.textContent ?? '');
    }
  });

  it('without a carrier, the error is on the carrier list and the username stays', async () => {
    const h = await createHarness();
    const { retrievalUrl } = await startRetrieval(h);

    const res = await submitForm(h, retrievalUrl, {
      carrier: '',
      username: 'user_good',
      password: PASSWORD,
    });
    const page = pageOf(await res.text());
    const carrier = page.getByRole<HTMLSelectElement>('combobox', { name: 'Insurance carrier' });
    expect(carrier.value).toBe('');
    expect(carrier).toHaveAttribute('aria-invalid', 'true');
    expect(carrier).toHaveAccessibleDescription('Choose your insurance carrier.');
    expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue('user_good');
    expect(page.getByRole('textbox', { name: 'Username' })).not.toHaveAttribute('aria-invalid');
  });
});
