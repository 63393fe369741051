import { render } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { createHttpAdapter } from '../../src/adapter/index.js';
import { MissingProviderError } from '../../src/core/index.js';
import { useLoan } from '../../src/hooks/index.js';
import { missingProviderThrownBy } from '../support/missingProviderThrownBy.js';

// A second copy of the library, as a page gets when two versions are installed (or a bundler
// includes the package twice): a fresh module graph, with its own provider and context.
async function anotherCopy() {
  vi.resetModules();
  return import('../../src/hooks/index.js');
}

function LoanNumber() {
  return <p>{useLoan('ln_1').data?.loanNumber}</p>;
}

it('says so when the provider above comes from another copy of lender-insurance-react', async () => {
  const other = await anotherCopy();
  const error = missingProviderThrownBy(() =>
    render(
      <other.InsuranceProvider adapter={createHttpAdapter()}>
        <LoanNumber />
      </other.InsuranceProvider>,
    ),
  );

  expect(error).toBeInstanceOf(MissingProviderError);
  expect(error.message).toBe(
    'useLoan must be used inside <InsuranceProvider> (it reads the adapter from it). There is one above, but from another copy of lender-insurance-react: install a single copy (npm ls lender-insurance-react).',
  );
});

it('with another copy loaded but no provider above, asks for a provider', async () => {
  await anotherCopy();
  const error = missingProviderThrownBy(() => render(<LoanNumber />));
  expect(error.message).toBe(
    "useLoan must be used inside <InsuranceProvider> (it reads the adapter from it). Wrap your app, or this part of it: <InsuranceProvider adapter={createHttpAdapter({ baseUrl: '/api/insurance' })}>…</InsuranceProvider>. If one is above, two copies of lender-insurance-react may be installed: run npm ls lender-insurance-react.",
  );
});
