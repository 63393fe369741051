import type { UseMutationOptions } from '@tanstack/react-query';
import type { InsuranceError } from '../core/errors/InsuranceError.js';
import type { InsuranceMutations } from './insuranceMutations.js';
import { insuranceMutations } from './insuranceMutations.js';
import { insuranceQueries } from './insuranceQueries.js';
import type { Action } from './useAction.js';
import { useAction } from './useAction.js';
import { useInsuranceContext } from './useInsuranceContext.js';
import { useQueryState } from './useQueryState.js';

/**
 * An action that needs TCPA consent (schedule call, call me now), with whether the consent is
 * known to be missing, so the UI offers the consent first.
 */
export function useCallAction<TData, TVariables>(
  loanId: string,
  pick: (
    mutations: InsuranceMutations,
  ) => UseMutationOptions<TData, InsuranceError, TVariables, unknown>,
): Action<TData, TVariables> & { consentRequired: boolean } {
  const { adapter } = useInsuranceContext();
  const consent = useQueryState(insuranceQueries(adapter).tcpaConsent(loanId), !!loanId);
  const action = useAction((signal) => pick(insuranceMutations(adapter, signal)));
  return { ...action, consentRequired: consent.data?.recorded === false };
}
