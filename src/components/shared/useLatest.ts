import { useInsertionEffect, useRef } from 'react';

/**
 * A ref that always holds the latest `value`, so an effect can call the newest callback without
 * re-running when the callback changes. Works on every supported React (`useEffectEvent` needs
 * React 19.2).
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  // Written once the render commits, before any effect reads it: a render React throws away
  // never leaks its value.
  useInsertionEffect(() => {
    ref.current = value;
  });
  return ref;
}
