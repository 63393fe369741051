/**
 * The names of the documented coverages of a home policy or quote (keys `a`…`f`,
 * `waterBackup`, `computers`, `hvac`, `mineSubsidence`), written once for every component that
 * shows coverages: each component's catalog includes them, so a host overrides them per
 * component (`policyDocuments.coverageA`, `quoteCards.coverageA`).
 */
export const coverageMessages = {
  coverageA: 'Dwelling (Coverage A)',
  coverageB: 'Other structures (Coverage B)',
  coverageC: 'Personal property (Coverage C)',
  coverageD: 'Loss of use (Coverage D)',
  coverageE: 'Personal liability (Coverage E)',
  coverageF: 'Medical payments (Coverage F)',
  coverageWaterBackup: 'Water backup',
  coverageComputers: 'Computers',
  coverageHvac: 'Heating and cooling (HVAC)',
  coverageMineSubsidence: 'Mine subsidence',
} as const;

/** A key of {@link coverageMessages}. */
export type CoverageMessageKey = keyof typeof coverageMessages;
