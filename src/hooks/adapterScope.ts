import type { InsuranceAdapter } from '../adapter/InsuranceAdapter.js';

const scopes = new WeakMap<InsuranceAdapter, string>();
let count = 0;

/**
 * A stable id per adapter instance, part of every query key, so two providers with different
 * adapters (two BFFs, two lenders on one page) never share a cache entry even on one client.
 */
export function adapterScope(adapter: InsuranceAdapter): string {
  let scope = scopes.get(adapter);
  if (!scope) {
    scope = `a${++count}`;
    scopes.set(adapter, scope);
  }
  return scope;
}
