import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect, it } from 'vitest';
import {
  CallScheduler,
  LoanApplicationForm,
  PolicyDocuments,
  PolicyRetrievalLauncher,
  QuoteCard,
  QuoteCards,
  ShopProgress,
  TcpaConsentCheckbox,
} from '../../src/components/index.js';
import type { DisplayQuote } from '../../src/core/index.js';
import { MissingProviderError } from '../../src/core/index.js';
import { InsuranceFlow } from '../../src/flows/index.js';
import { missingProviderThrownBy } from '../support/missingProviderThrownBy.js';

const WRAP =
  "Wrap your app, or this part of it: <InsuranceProvider adapter={createHttpAdapter({ baseUrl: '/api/insurance' })}>…</InsuranceProvider>. If one is above, two copies of lender-insurance-react may be installed: run npm ls lender-insurance-react.";

const quote = { id: 'q_1', carrierName: 'Harborline Mutual', premium: 1480 } as DisplayQuote;

const components: Array<[string, ReactElement]> = [
  [
    'TcpaConsentCheckbox',
    <TcpaConsentCheckbox key="c" loanId="ln_1" lenderName="Acme" termsOfServiceId="tcpa_v1" />,
  ],
  ['ShopProgress', <ShopProgress key="c" loanId="ln_1" />],
  ['QuoteCards', <QuoteCards key="c" loanId="ln_1" />],
  [
    'QuoteCard',
    <QuoteCard key="c" quote={quote} name="quote" checked={false} onSelect={() => {}} />,
  ],
  [
    'CallScheduler',
    <CallScheduler key="c" loanId="ln_1" lenderName="Acme" termsOfServiceId="tcpa_v1" />,
  ],
  ['PolicyRetrievalLauncher', <PolicyRetrievalLauncher key="c" loanId="ln_1" />],
  ['PolicyDocuments', <PolicyDocuments key="c" policyId="pol_1" />],
  ['LoanApplicationForm', <LoanApplicationForm key="c" onCreated={() => {}} />],
  [
    'InsuranceFlow',
    <InsuranceFlow
      key="c"
      loanId="ln_1"
      lenderName="Acme"
      termsOfServiceId="terms_v1"
      tcpaTermsOfServiceId="tcpa_v1"
    />,
  ],
];

it.each(components)(
  '%s outside an InsuranceProvider names itself and says how to add the provider',
  (name, ui) => {
    const error = missingProviderThrownBy(() => render(ui));

    expect(error).toBeInstanceOf(MissingProviderError);
    expect(error).toMatchObject({ code: 'missing_provider', caller: name });
    expect(error.message).toBe(
      `${name} must be used inside <InsuranceProvider> (it reads the adapter from it). ${WRAP}`,
    );
  },
);
