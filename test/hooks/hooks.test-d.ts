import type { QueryClient, UseMutationOptions } from '@tanstack/react-query';
import { describe, expectTypeOf, it } from 'vitest';
import type { EventConnectionState, InsuranceAdapter } from '../../src/adapter/index.js';
import type {
  CallMeNowInput,
  ConsentRecord,
  DisplayQuote,
  InsuranceError,
  Loan,
  LoanApplicationInput,
  LoanEvent,
  Policy,
  PolicyDocument,
  PolicyRetrieval,
  QuoteDisplay,
  ScheduleCallInput,
  ShoppedLoan,
  ShopResult,
  SuccessResult,
  TcpaConsentStatus,
} from '../../src/core/index.js';
import type {
  InsuranceActionState,
  InsuranceProviderProps,
  InsuranceQueryState,
  PolicyRetrievalPhase,
  ShopPhase,
} from '../../src/hooks/index.js';
import {
  insuranceKeys,
  insuranceMutations,
  insuranceQueries,
  type useCallMeNow,
  type useCloseLoan,
  type useCreateLoanApplication,
  useLoan,
  useLoanEvents,
  type useLoanPolicies,
  type usePolicy,
  type usePolicyRetrieval,
  type useQuoteDisplay,
  type useRecordConsent,
  type useScheduleCall,
  useSelectQuote,
  useShop,
  useShoppedLoan,
  type useTcpaConsent,
} from '../../src/hooks/index.js';

declare const adapter: InsuranceAdapter;
declare const queryClient: QueryClient;

describe('phases', () => {
  it('are closed unions', () => {
    expectTypeOf<ShopPhase>().toEqualTypeOf<
      'idle' | 'starting' | 'quoting' | 'rated' | 'errored' | 'closed'
    >();
    expectTypeOf<ReturnType<typeof useShop>['phase']>().toEqualTypeOf<ShopPhase>();
    expectTypeOf<PolicyRetrievalPhase>().toEqualTypeOf<
      'idle' | 'starting' | 'open' | 'completed' | 'errored'
    >();
    expectTypeOf<
      ReturnType<typeof usePolicyRetrieval>['phase']
    >().toEqualTypeOf<PolicyRetrievalPhase>();
  });
});

describe('errors', () => {
  it('are the core typed errors, or null', () => {
    expectTypeOf<ReturnType<typeof useLoan>['error']>().toEqualTypeOf<InsuranceError | null>();
    expectTypeOf<ReturnType<typeof useShop>['error']>().toEqualTypeOf<InsuranceError | null>();
    expectTypeOf<
      ReturnType<typeof useCreateLoanApplication>['error']
    >().toEqualTypeOf<InsuranceError | null>();
    expectTypeOf<
      ReturnType<typeof usePolicyRetrieval>['error']
    >().toEqualTypeOf<InsuranceError | null>();
    expectTypeOf<ReturnType<typeof useSelectQuote>['fieldErrors']>().toEqualTypeOf<
      Readonly<Record<string, string>>
    >();
    expectTypeOf<ReturnType<typeof useShop>['retryAt']>().toEqualTypeOf<number | undefined>();
  });
});

describe('reading hooks', () => {
  it('share one state shape, typed by what they read', () => {
    expectTypeOf(useLoan).returns.toEqualTypeOf<InsuranceQueryState<Loan>>();
    expectTypeOf(useShoppedLoan).returns.toEqualTypeOf<InsuranceQueryState<ShoppedLoan>>();
    expectTypeOf(useLoan).parameter(0).toEqualTypeOf<string | null | undefined>();
    expectTypeOf<ReturnType<typeof useLoan>['data']>().toEqualTypeOf<Loan | undefined>();
    expectTypeOf<ReturnType<typeof useLoan>['refetch']>().returns.resolves.toBeVoid();
  });

  it('add what each needs', () => {
    type Display = ReturnType<typeof useQuoteDisplay>;
    expectTypeOf<Display>().toExtend<InsuranceQueryState<QuoteDisplay>>();
    expectTypeOf<Display['selectedQuote']>().toEqualTypeOf<DisplayQuote | undefined>();
    expectTypeOf<Display['quotes']>().toEqualTypeOf<readonly DisplayQuote[]>();

    type PolicyView = ReturnType<typeof usePolicy>;
    expectTypeOf<PolicyView['data']>().toEqualTypeOf<Policy | undefined>();
    expectTypeOf<PolicyView['documents']>().toEqualTypeOf<readonly PolicyDocument[]>();
    expectTypeOf<PolicyView['getDocumentUrl']>().returns.toEqualTypeOf<Promise<string>>();

    type Tcpa = ReturnType<typeof useTcpaConsent>;
    expectTypeOf<Tcpa['data']>().toEqualTypeOf<TcpaConsentStatus | undefined>();
    expectTypeOf<Tcpa['recorded']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<Tcpa['recording']>().toEqualTypeOf<InsuranceActionState<ConsentRecord>>();

    expectTypeOf<ReturnType<typeof useLoanEvents>['events']>().toEqualTypeOf<
      readonly LoanEvent[]
    >();
    expectTypeOf<
      ReturnType<typeof useLoanEvents>['connection']
    >().toEqualTypeOf<EventConnectionState>();
    expectTypeOf(useLoanEvents)
      .parameter(1)
      .toEqualTypeOf<((event: LoanEvent) => void) | undefined>();
    expectTypeOf<ReturnType<typeof useLoanPolicies>['policyIds']>().toEqualTypeOf<
      readonly string[]
    >();
  });
});

describe('acting hooks', () => {
  it('take typed input and resolve with the answer, or undefined', () => {
    type Create = ReturnType<typeof useCreateLoanApplication>;
    expectTypeOf<Create>().toExtend<InsuranceActionState<Loan>>();
    expectTypeOf<Create['create']>().parameter(0).toEqualTypeOf<LoanApplicationInput>();
    expectTypeOf<Create['create']>().returns.toEqualTypeOf<Promise<Loan | undefined>>();

    type Select = ReturnType<typeof useSelectQuote>;
    expectTypeOf<Select['select']>().toEqualTypeOf<
      (quoteId: string) => Promise<SuccessResult | undefined>
    >();
    expectTypeOf<Select['pendingQuoteId']>().toEqualTypeOf<string | undefined>();

    expectTypeOf<ReturnType<typeof useScheduleCall>['schedule']>()
      .parameter(0)
      .toEqualTypeOf<Omit<ScheduleCallInput, 'id'>>();
    expectTypeOf<ReturnType<typeof useScheduleCall>['consentRequired']>().toBeBoolean();
    expectTypeOf<ReturnType<typeof useCallMeNow>['call']>().toEqualTypeOf<
      (input?: Omit<CallMeNowInput, 'id'>) => Promise<SuccessResult | undefined>
    >();
    expectTypeOf<ReturnType<typeof useCloseLoan>['close']>().returns.toEqualTypeOf<
      Promise<SuccessResult | undefined>
    >();
    expectTypeOf<ReturnType<typeof useRecordConsent>['record']>().returns.toEqualTypeOf<
      Promise<ConsentRecord | undefined>
    >();
    expectTypeOf<ReturnType<typeof useShop>['start']>().toEqualTypeOf<
      () => Promise<ShopResult | undefined>
    >();
    expectTypeOf<ReturnType<typeof usePolicyRetrieval>['start']>().toEqualTypeOf<
      () => Promise<PolicyRetrieval | undefined>
    >();
  });

  it('need a loan id', () => {
    // @ts-expect-error: acting on a loan needs its id
    useShop(undefined);
    // @ts-expect-error: the same
    useSelectQuote(null);
  });
});

describe('factories', () => {
  it('scope every key by adapter, and tag query keys with their data', () => {
    expectTypeOf(insuranceKeys(adapter).loan('ln_1')).toEqualTypeOf<
      readonly ['lender-insurance', string, 'loans', string, 'loan']
    >();
    expectTypeOf(insuranceKeys(adapter).all).toEqualTypeOf<readonly ['lender-insurance', string]>();
    const loanQuery = insuranceQueries(adapter).loan('ln_1');
    expectTypeOf(queryClient.getQueryData(loanQuery.queryKey)).toEqualTypeOf<Loan | undefined>();
    const policyQuery = insuranceQueries(adapter).policy('pol_1');
    expectTypeOf(queryClient.getQueryData(policyQuery.queryKey)).toEqualTypeOf<
      Policy | undefined
    >();
  });

  it('type mutation options by their variables and answers', () => {
    const mutations = insuranceMutations(adapter);
    expectTypeOf(mutations.shop('ln_1')).toExtend<
      UseMutationOptions<ShopResult, InsuranceError, void>
    >();
    expectTypeOf(mutations.selectQuote('ln_1')).toExtend<
      UseMutationOptions<SuccessResult, InsuranceError, string, QuoteDisplay | undefined>
    >();
    expectTypeOf(mutations.createLoanApplication()).toExtend<
      UseMutationOptions<Loan, InsuranceError, LoanApplicationInput>
    >();
  });

  it('the provider takes an adapter and optional client, messages and locale', () => {
    expectTypeOf<InsuranceProviderProps['adapter']>().toEqualTypeOf<InsuranceAdapter>();
    expectTypeOf<InsuranceProviderProps['queryClient']>().toEqualTypeOf<QueryClient | undefined>();
    expectTypeOf<InsuranceProviderProps['locale']>().toEqualTypeOf<string | undefined>();
  });
});
