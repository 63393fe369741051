import type { CoverageMessageKey } from './coverageMessages.js';

/** The Spanish (US) names of the documented coverages, for every catalog that includes them. */
export const coverageMessagesEs = {
  coverageA: 'Vivienda (Cobertura A)',
  coverageB: 'Otras estructuras (Cobertura B)',
  coverageC: 'Bienes personales (Cobertura C)',
  coverageD: 'Pérdida de uso (Cobertura D)',
  coverageE: 'Responsabilidad civil personal (Cobertura E)',
  coverageF: 'Gastos médicos (Cobertura F)',
  coverageWaterBackup: 'Reflujo de agua',
  coverageComputers: 'Computadoras',
  coverageHvac: 'Calefacción y aire acondicionado (HVAC)',
  coverageMineSubsidence: 'Hundimiento por minas',
} satisfies Record<CoverageMessageKey, string>;
