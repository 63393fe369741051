import type { MessageValues } from '../../components/shared/useMessages.js';
import type { InsuranceFlowState } from '../useInsuranceFlow.js';
import type { InsuranceFlowProps } from './InsuranceFlowProps.js';
import type { insuranceFlowMessages } from './insuranceFlowMessages.js';

/** The flow's text function. */
export type FlowText = (key: keyof typeof insuranceFlowMessages, values?: MessageValues) => string;

/** What every part of `InsuranceFlow` receives. */
export interface FlowPartProps {
  flow: InsuranceFlowState;
  t: FlowText;
  settings: InsuranceFlowProps;
}
