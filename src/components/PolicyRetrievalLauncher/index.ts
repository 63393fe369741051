export type { PolicyRetrievalLauncherProps } from './PolicyRetrievalLauncher.js';
export { PolicyRetrievalLauncher } from './PolicyRetrievalLauncher.js';
export { policyRetrievalLauncherMessages } from './policyRetrievalLauncherMessages.js';
