'use client';

import { createHttpAdapter, InsuranceProvider } from 'lender-insurance-react';
import type { ReactNode } from 'react';

// The browser talks to this app's BFF only (app/api/insurance), never to the service.
const adapter = createHttpAdapter({ baseUrl: '/api/insurance' });

/** The library's provider: the root entry is client code, so it lives in a client component. */
export function InsuranceProviders({ children }: { children: ReactNode }) {
  return (
    <InsuranceProvider adapter={adapter} locale="en-US">
      {children}
    </InsuranceProvider>
  );
}
