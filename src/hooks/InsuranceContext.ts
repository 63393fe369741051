import type { QueryClient } from '@tanstack/react-query';
import { createContext } from 'react';
import type { InsuranceAdapter } from '../adapter/InsuranceAdapter.js';

/** UI texts a host overrides, by message id; components define the ids they read. */
export type InsuranceMessages = Readonly<Record<string, string>>;

/** What {@link InsuranceProvider} gives the hooks. */
export interface InsuranceContextValue {
  adapter: InsuranceAdapter;
  /** The provider's client (its own, or the one given); every hook passes it explicitly. */
  queryClient: QueryClient;
  /** The adapter's id in every query key (see `insuranceKeys`). */
  scope: string;
  messages: InsuranceMessages;
  /** BCP 47 locale for formatting money and dates. Default `en-US`. */
  locale: string;
}

/** The provider's context; read it with `useInsuranceContext`. */
export const InsuranceContext = createContext<InsuranceContextValue | null>(null);
