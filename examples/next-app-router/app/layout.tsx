import 'lender-insurance-react/styles.css';
import './globals.css';
import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { InsuranceProviders } from '@/components/InsuranceProviders';

export const metadata: Metadata = { title: 'Acme Home Loans: home insurance' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <InsuranceProviders>{children}</InsuranceProviders>
      </body>
    </html>
  );
}
