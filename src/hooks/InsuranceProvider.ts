import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createElement, useEffect, useMemo, useRef } from 'react';
import type { InsuranceAdapter } from '../adapter/InsuranceAdapter.js';
import { adapterScope } from './adapterScope.js';
import { createInsuranceQueryClient } from './createInsuranceQueryClient.js';
import type { InsuranceMessages } from './InsuranceContext.js';
import { InsuranceContext } from './InsuranceContext.js';

/** Props of {@link InsuranceProvider}. */
export interface InsuranceProviderProps {
  /** Where the data comes from: `createHttpAdapter(...)`, or the host's own. */
  adapter: InsuranceAdapter;
  /** Use this client instead of the provider's own (e.g. to share the host's cache). */
  queryClient?: QueryClient;
  /** UI texts overriding the components' defaults, by message id. */
  messages?: InsuranceMessages;
  /** BCP 47 locale for money and dates. Default `en-US`. */
  locale?: string;
  children?: ReactNode;
}

const NO_MESSAGES: InsuranceMessages = {};

/**
 * Gives the hooks and components below an adapter and a QueryClient. It renders no
 * `QueryClientProvider`: the hooks pass the client explicitly, so a host's own
 * `QueryClientProvider`, above or below, is never hidden.
 *
 * @example
 * const adapter = createHttpAdapter({ baseUrl: '/api/insurance' });
 * <InsuranceProvider adapter={adapter} locale="en-US">
 *   <ShopProgress loanId={loanId} />
 * </InsuranceProvider>
 */
export function InsuranceProvider({
  adapter,
  queryClient,
  messages = NO_MESSAGES,
  locale = 'en-US',
  children,
}: InsuranceProviderProps) {
  // Created once, and only when needed (StrictMode's double render must not make two caches).
  const own = useRef<QueryClient | null>(null);
  if (!queryClient) own.current ??= createInsuranceQueryClient();
  const client = queryClient ?? (own.current as QueryClient);
  // What QueryClientProvider would do: refetch on focus and reconnect. Mounting is counted, so a
  // host client mounted by its own provider is not disturbed.
  useEffect(() => {
    client.mount();
    return () => client.unmount();
  }, [client]);
  const value = useMemo(
    () => ({ adapter, queryClient: client, scope: adapterScope(adapter), messages, locale }),
    [adapter, client, messages, locale],
  );
  // createElement rather than JSX: this module then needs no JSX runtime.
  return createElement(InsuranceContext.Provider, { value }, children);
}
