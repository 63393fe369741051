export type { FlowFacts } from './deriveFlowStep.js';
export { deriveFlowStep } from './deriveFlowStep.js';
export type { FlowPath, FlowStep } from './FlowStep.js';
export { InsuranceFlow } from './InsuranceFlow/InsuranceFlow.js';
export type { InsuranceFlowProps } from './InsuranceFlow/InsuranceFlowProps.js';
export { insuranceFlowMessages } from './InsuranceFlow/insuranceFlowMessages.js';
export { insuranceFlowMessagesEs } from './InsuranceFlow/insuranceFlowMessagesEs.js';
export type {
  FlowCompletion,
  FlowExit,
  FlowExitReason,
  InsuranceFlowEvent,
  InsuranceFlowEventName,
} from './InsuranceFlowEvent.js';
export { INSURANCE_FLOW_EVENT_NAMES } from './InsuranceFlowEvent.js';
export type {
  FlowEventDetails,
  InsuranceFlowState,
  UseInsuranceFlowOptions,
} from './useInsuranceFlow.js';
export { useInsuranceFlow } from './useInsuranceFlow.js';
