import type { Coverage, CoverageKey } from '../../core/schemas/currentInsurancePolicy.js';

/** A coverage map as the sandbox writes it: coverage key to `{ included, amount }`. */
export type SandboxCoverageMap = Partial<Record<CoverageKey, Coverage>>;

/** A coverage map with every documented key. */
export type FullCoverageMap = Record<CoverageKey, Coverage>;

/** Which optional coverages a home policy includes, and its liability limit. */
export interface HomeCoverageChoices {
  /** Coverage A (dwelling) in US dollars; B, C and D follow from it. */
  dwelling: number;
  /** Coverage E (personal liability). */
  liability: number;
  waterBackup: boolean;
  computers: boolean;
  hvac: boolean;
  mineSubsidence: boolean;
}

const roundTo = (n: number, step: number) => Math.round(n / step) * step;
const optional = (included: boolean, amount: number): Coverage => ({
  included,
  amount: included ? amount : 0,
});

/**
 * The coverages of a home quote or policy, keyed `a` to `f`, `waterBackup`, `computers`,
 * `hvac` and `mineSubsidence` as the service documents them. A to F are always included; an
 * optional coverage that is not included has amount 0.
 */
export function homeCoverages(choices: HomeCoverageChoices): FullCoverageMap {
  const { dwelling } = choices;
  return {
    a: { included: true, amount: dwelling },
    b: { included: true, amount: roundTo(dwelling * 0.1, 100) },
    c: { included: true, amount: roundTo(dwelling * 0.5, 100) },
    d: { included: true, amount: roundTo(dwelling * 0.2, 100) },
    e: { included: true, amount: choices.liability },
    f: { included: true, amount: 5_000 },
    waterBackup: optional(choices.waterBackup, 10_000),
    computers: optional(choices.computers, 5_000),
    hvac: optional(choices.hvac, 15_000),
    mineSubsidence: optional(choices.mineSubsidence, Math.min(dwelling, 75_000)),
  };
}

/**
 * The coverages of a supplemental policy (wind, dwelling fire, flood, earthquake): the
 * dwelling, and for flood the contents too, within the usual flood limits.
 */
export function supplementalCoverages(policyType: string, dwelling: number): SandboxCoverageMap {
  if (policyType === 'FLOOD') {
    return {
      a: { included: true, amount: Math.min(dwelling, 250_000) },
      c: { included: true, amount: Math.min(roundTo(dwelling * 0.4, 1000), 100_000) },
    };
  }
  return { a: { included: true, amount: dwelling } };
}
