import type { HttpMethod, Route, ServiceOperationName } from './operations.js';
import { OPERATION_NAMES, operations } from './operations.js';

/**
 * Where the service answers some operations, when not where the operation table says: a route,
 * or its text (`'POST /v1/loans/application'`, or a path alone to keep the method). Paths are
 * relative to the service's base URL and keep the default path's ids (`{loanId}`, …).
 */
export type ServiceRoutes = Partial<Record<ServiceOperationName, Route | string>>;

/** Every service operation's route, overrides applied. */
export type ResolvedServiceRoutes = Readonly<Record<ServiceOperationName, Route>>;

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH'];
const SEGMENT = /^(?:[A-Za-z0-9_~-][A-Za-z0-9._~-]*|\{(?:loanId|quoteId|policyId)\})$/;
const SERVICE_OPERATIONS = OPERATION_NAMES.filter(
  (name) => operations[name].upstream !== null,
) as ServiceOperationName[];

const idsOf = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

function readRoute(name: ServiceOperationName, value: Route | string): Route {
  const fallback = operations[name].upstream;
  if (typeof value === 'string') {
    const m = /^\s*(?:([A-Za-z]+)\s+)?(\S+)\s*$/.exec(value);
    if (!m) throw new TypeError(`routes.${name} must look like "POST /v1/path"`);
    return { method: (m[1]?.toUpperCase() ?? fallback.method) as HttpMethod, path: m[2] as string };
  }
  if (value === null || typeof value !== 'object') {
    throw new TypeError(`routes.${name} must be a route ({ method, path }) or its text`);
  }
  return { method: value.method ?? fallback.method, path: value.path };
}

function checkRoute(name: ServiceOperationName, route: Route): Route {
  const op = operations[name];
  if (!METHODS.includes(route.method)) {
    throw new TypeError(`routes.${name}: the method must be one of ${METHODS.join(', ')}`);
  }
  if (name === 'createToken' && route.method !== 'POST') {
    throw new TypeError('routes.createToken: a token is requested with POST');
  }
  if (route.method === 'GET' && op.input !== null) {
    throw new TypeError(`routes.${name}: the operation sends a body, so it cannot be a GET`);
  }
  const { path } = route;
  if (typeof path !== 'string' || !path.startsWith('/') || path.length > 200) {
    throw new TypeError(`routes.${name}: the path must start with "/" (relative to the base URL)`);
  }
  if (
    !path
      .slice(1)
      .split('/')
      .every((segment) => SEGMENT.test(segment))
  ) {
    throw new TypeError(
      `routes.${name}: "${path}" may hold only plain segments and the ids {loanId}, {quoteId}, {policyId}`,
    );
  }
  const want = idsOf(op.upstream.path);
  const have = idsOf(path);
  if (want.join() !== have.join()) {
    const ids = want.length > 0 ? want.map((id) => `{${id}}`).join(' and ') : 'no ids';
    throw new TypeError(`routes.${name}: "${path}" must keep the path's ids: ${ids}`);
  }
  return { method: route.method, path };
}

/**
 * The service's routes: the operation table's, with a host's overrides for the paths its
 * service spells differently (several are unconfirmed). Each override is checked: a known
 * service operation, a method it can use, a path of plain segments that keeps exactly the ids
 * the default path has (so a loan id still goes where it is checked), and no two operations on
 * one method and path.
 *
 * @throws TypeError naming the operation and what to fix.
 * @example
 * resolveServiceRoutes({ submitLoanApplication: 'POST /v1/loans/application' });
 */
export function resolveServiceRoutes(overrides: ServiceRoutes = {}): ResolvedServiceRoutes {
  if (overrides === null || typeof overrides !== 'object') {
    throw new TypeError('routes must be an object of operation names to routes');
  }
  for (const name of Object.keys(overrides)) {
    if (!(SERVICE_OPERATIONS as string[]).includes(name)) {
      throw new TypeError(
        `routes: "${name}" is not a service operation (one of ${SERVICE_OPERATIONS.join(', ')})`,
      );
    }
  }
  const out = {} as Record<ServiceOperationName, Route>;
  const taken = new Map<string, ServiceOperationName>();
  for (const name of SERVICE_OPERATIONS) {
    const value = overrides[name];
    const route =
      value === undefined ? operations[name].upstream : checkRoute(name, readRoute(name, value));
    const key = `${route.method} ${route.path.replace(/\{\w+\}/g, '{}')}`;
    const other = taken.get(key);
    if (other) throw new TypeError(`routes: ${other} and ${name} would both be ${key}`);
    taken.set(key, name);
    out[name] = route;
  }
  return Object.freeze(out);
}
