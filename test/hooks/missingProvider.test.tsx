import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InsuranceError, MissingProviderError } from '../../src/core/index.js';
import {
  useCallMeNow,
  useCloseLoan,
  useCreateLoanApplication,
  useInsuranceContext,
  useLoan,
  useLoanEvents,
  useLoanPolicies,
  usePolicy,
  usePolicyRetrieval,
  useQuoteDisplay,
  useRecordConsent,
  useScheduleCall,
  useSelectQuote,
  useShop,
  useShoppedLoan,
  useTcpaConsent,
} from '../../src/hooks/index.js';
import { missingProviderThrownBy } from '../support/missingProviderThrownBy.js';

const WRAP =
  "Wrap your app, or this part of it: <InsuranceProvider adapter={createHttpAdapter({ baseUrl: '/api/insurance' })}>…</InsuranceProvider>. If one is above, two copies of lender-insurance-react may be installed: run npm ls lender-insurance-react.";

const hooks: Array<[string, () => unknown]> = [
  ['useLoan', () => useLoan('ln_1')],
  ['useCreateLoanApplication', () => useCreateLoanApplication()],
  ['useRecordConsent', () => useRecordConsent()],
  ['useTcpaConsent', () => useTcpaConsent('ln_1')],
  ['useShop', () => useShop('ln_1')],
  ['useShoppedLoan', () => useShoppedLoan('ln_1')],
  ['useQuoteDisplay', () => useQuoteDisplay('ln_1')],
  ['useSelectQuote', () => useSelectQuote('ln_1')],
  ['useScheduleCall', () => useScheduleCall('ln_1')],
  ['useCallMeNow', () => useCallMeNow('ln_1')],
  ['usePolicy', () => usePolicy('pol_1')],
  ['usePolicyRetrieval', () => usePolicyRetrieval('ln_1')],
  ['useCloseLoan', () => useCloseLoan('ln_1')],
  ['useLoanEvents', () => useLoanEvents('ln_1')],
  ['useLoanPolicies', () => useLoanPolicies('ln_1')],
];

describe('a hook outside an InsuranceProvider', () => {
  it.each(hooks)('%s names itself and says how to add the provider', (name, hook) => {
    const error = missingProviderThrownBy(() => renderHook(hook));

    expect(error).toBeInstanceOf(MissingProviderError);
    expect(error).toBeInstanceOf(InsuranceError);
    expect(error).toMatchObject({ code: 'missing_provider', caller: name });
    expect(error.message).toBe(
      `${name} must be used inside <InsuranceProvider> (it reads the adapter from it). ${WRAP}`,
    );
  });

  it("a host's own hook reading the context names itself the same way", () => {
    const error = missingProviderThrownBy(() =>
      renderHook(() => useInsuranceContext('useMortgageBanner')),
    );
    expect(error.caller).toBe('useMortgageBanner');
    expect(error.message).toMatch(/^useMortgageBanner must be used inside <InsuranceProvider>/);
  });

  it('without a name, it still says what is missing and how to add it', () => {
    const error = missingProviderThrownBy(() => renderHook(() => useInsuranceContext()));
    expect(error).toBeInstanceOf(MissingProviderError);
    expect(error.caller).toBeUndefined();
    expect(error.message).toBe(
      `lender-insurance-react's hooks and components must be used inside <InsuranceProvider> (they read the adapter from it). ${WRAP}`,
    );
  });
});
