export type {
  PolicyRetrievalExit,
  PolicyRetrievalExitReason,
  PolicyRetrievalLauncherProps,
} from './PolicyRetrievalLauncher.js';
export { PolicyRetrievalLauncher } from './PolicyRetrievalLauncher.js';
export { policyRetrievalLauncherMessages } from './policyRetrievalLauncherMessages.js';
export { policyRetrievalLauncherMessagesEs } from './policyRetrievalLauncherMessagesEs.js';
