import 'lender-insurance-react/styles.css';
import './app.css';
import { createHttpAdapter, InsuranceFlow, InsuranceProvider } from 'lender-insurance-react';
import { useState } from 'react';
import { borrowerOnFile, LENDER_NAME, TCPA_TERMS_ID, TERMS_ID } from './lender';

// The browser talks to this app's BFF only (the Express server's /api/insurance), never to the
// service.
const adapter = createHttpAdapter({ baseUrl: '/api/insurance' });

/**
 * The page: the library's provider around its drop-in flow, from the application form (filled in
 * with what the lender knows) to "You're covered".
 */
export function App() {
  const [applicationDefaults] = useState(borrowerOnFile);
  return (
    <InsuranceProvider adapter={adapter} locale="en-US">
      <main>
        <h1>{LENDER_NAME}: insure your new home</h1>
        <InsuranceFlow
          lenderName={LENDER_NAME}
          termsOfServiceId={TERMS_ID}
          tcpaTermsOfServiceId={TCPA_TERMS_ID}
          applicationDefaults={applicationDefaults}
          lockedFields={['loanNumber']}
        />
      </main>
    </InsuranceProvider>
  );
}
