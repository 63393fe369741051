import type { ComponentType } from 'react';
import { lazy } from 'react';
import { preloadCallScheduler, preloadPolicyDocuments } from '../../components/index.js';
import type { FlowStep } from '../FlowStep.js';
import type { FlowPartProps } from './FlowPartProps.js';

// The steps past the choice carry most of the flow's weight (the quote comparison, the call
// scheduler, the carrier dialog, the policy documents, the form): each loads on its own, when the
// flow reaches its step or the step before, so the page shows the flow without waiting for them.
// A part's own lazily loaded components (the call scheduler, the policy documents) load with it.
const loaders = {
  application: () => import('./FlowApplication.js').then((m) => m.FlowApplication),
  shopping: () => {
    void preloadCallScheduler();
    return import('./FlowShopping.js').then((m) => m.FlowShopping);
  },
  retrieval: () => import('./FlowRetrieval.js').then((m) => m.FlowRetrieval),
  covered: () => {
    void preloadPolicyDocuments();
    return import('./FlowCovered.js').then((m) => m.FlowCovered);
  },
  lapsed: () => {
    void preloadCallScheduler();
    void preloadPolicyDocuments();
    return import('./FlowLapsed.js').then((m) => m.FlowLapsed);
  },
};
type Part = keyof typeof loaders;

const lazyPart = (part: Part) =>
  lazy(() => loaders[part]().then((component) => ({ default: component })));

/** The lazily loaded body of the steps that have one. */
export const STEP_PARTS: Partial<Record<FlowStep, ComponentType<FlowPartProps>>> = (() => {
  const shopping = lazyPart('shopping');
  return {
    application: lazyPart('application'),
    quoting: shopping,
    quotes: shopping,
    quotingFailed: shopping,
    retrieval: lazyPart('retrieval'),
    covered: lazyPart('covered'),
    lapsed: lazyPart('lapsed'),
  };
})();

/** What a step may need next: loaded ahead, so the next step shows at once. */
const NEXT: Partial<Record<FlowStep, readonly Part[]>> = {
  application: ['application', 'shopping', 'retrieval'],
  choose: ['shopping', 'retrieval'],
  consent: ['shopping'],
  quoting: ['shopping', 'covered'],
  quotes: ['shopping', 'covered', 'retrieval'],
  quotingFailed: ['shopping', 'retrieval', 'covered'],
  retrieval: ['retrieval', 'covered'],
  covered: ['covered'],
  lapsed: ['lapsed', 'retrieval'],
};

/** Starts loading what `step` shows and may show next (a failed load is retried on render). */
export function preloadStepParts(step: FlowStep): void {
  for (const part of NEXT[step] ?? []) void loaders[part]().catch(() => undefined);
}
