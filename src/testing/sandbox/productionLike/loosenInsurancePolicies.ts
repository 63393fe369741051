import { isJsonObject } from './isJsonObject.js';
import { moneyText } from './moneyText.js';

/**
 * A loan's current insurance policies as production sends them: `premium` and `deductible` as
 * text with two decimals. Their `coverages` map is left as it is (no key added).
 */
export function loosenInsurancePolicies(policies: unknown): unknown {
  if (!Array.isArray(policies)) return policies;
  return policies.map((policy) =>
    isJsonObject(policy)
      ? { ...policy, premium: moneyText(policy.premium), deductible: moneyText(policy.deductible) }
      : policy,
  );
}
