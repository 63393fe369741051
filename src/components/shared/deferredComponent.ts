import type { ComponentType } from 'react';
import { createElement } from 'react';

/** A component whose code loads on its own (a chunk), and how to start loading it. */
export interface DeferredComponent<P extends object> {
  /** Renders the component once loaded; until then it suspends (its Suspense boundary shows). */
  Component: ComponentType<P>;
  /** Starts loading the code, once; resolves when it has loaded (never rejects). */
  preload: () => Promise<void>;
}

/**
 * A component loaded on first render or on `preload()`, whichever comes first. Once loaded it
 * renders at once, even where it had never rendered before (no fallback for a moment). A chunk
 * that fails to load throws its error to the host's error boundary, and is fetched again on the
 * next render.
 *
 * @example
 * const body = deferredComponent(() => import('./CallSchedulerBody.js').then((m) => m.CallSchedulerBody));
 */
export function deferredComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): DeferredComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  let failure: { error: unknown } | undefined;
  const preload = () => {
    pending ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        failure = { error };
        pending = undefined;
      },
    );
    return pending;
  };
  function Component(props: P) {
    if (loaded) return createElement(loaded, props);
    if (failure) {
      const { error } = failure;
      failure = undefined;
      throw error;
    }
    throw preload();
  }
  return { Component, preload };
}
