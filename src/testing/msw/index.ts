export type { InsuranceHandlers } from './createInsuranceHandlers.js';
export { createInsuranceHandlers } from './createInsuranceHandlers.js';
export type { ScenarioOptions } from './scenarios.js';
export { failing, noDocuments, noQuotes, offline, pending, rateLimited } from './scenarios.js';
