import 'lender-insurance-react/styles.css';
import './app.css';
import { createHttpAdapter, InsuranceProvider } from 'lender-insurance-react';
import { InsurancePortal } from './InsurancePortal';
import { LENDER_NAME } from './lender';

// The browser talks to this app's BFF only (the Express server's /api/insurance), never to the
// service.
const adapter = createHttpAdapter({ baseUrl: '/api/insurance' });

/** The page: the library's provider around one borrower flow. */
export function App() {
  return (
    <InsuranceProvider adapter={adapter} locale="en-US">
      <main>
        <h1>{LENDER_NAME}: insure your new home</h1>
        <InsurancePortal />
      </main>
    </InsuranceProvider>
  );
}
