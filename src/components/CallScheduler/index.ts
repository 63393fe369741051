export { CallScheduler } from './CallScheduler.js';
export type { CallSchedulerProps } from './CallSchedulerProps.js';
export { callSchedulerMessages } from './callSchedulerMessages.js';
export type { CallDay, CallSlotOptions } from './callSlots.js';
export { callSlots } from './callSlots.js';
