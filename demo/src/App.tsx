import { useState } from 'react';
import { createHttpAdapter, DEFAULT_BFF_BASE_PATH, InsuranceProvider } from '../../src/index.js';
import { ExistingPolicyFlow } from './ExistingPolicyFlow.js';
import { LENDER_NAME } from './lender.js';
import { NewInsuranceFlow } from './NewInsuranceFlow.js';

// The BFF on this origin; the service's URL and credentials stay on the server.
const adapter = createHttpAdapter({ baseUrl: DEFAULT_BFF_BASE_PATH });

type Flow = 'new' | 'existing';

export function App() {
  const [flow, setFlow] = useState<Flow>();
  // A new key per start, so "Start over" gives fresh forms and hooks.
  const [run, setRun] = useState(0);
  const choose = (next: Flow | undefined) => {
    setFlow(next);
    setRun((n) => n + 1);
  };
  return (
    <InsuranceProvider adapter={adapter} locale="en-US">
      <header className="demo-header">
        <p className="demo-brand">{LENDER_NAME}</p>
        <p className="demo-tagline">Borrower portal · demo</p>
      </header>
      <main className="demo-main">
        <h1>Home insurance for your new home</h1>
        <p className="demo-lead">
          Your lender needs proof of homeowners insurance before closing. Shop for a new policy, or
          show us the one you already have.
        </p>
        <fieldset className="demo-choice">
          <legend className="demo-visually-hidden">Choose a path</legend>
          <button
            type="button"
            className="demo-choice-button"
            aria-pressed={flow === 'new'}
            onClick={() => choose('new')}
          >
            <strong>I need insurance</strong>
            <span>Compare quotes and talk to an advisor</span>
          </button>
          <button
            type="button"
            className="demo-choice-button"
            aria-pressed={flow === 'existing'}
            onClick={() => choose('existing')}
          >
            <strong>I already have a policy</strong>
            <span>Sign in to your carrier to share it</span>
          </button>
        </fieldset>
        {flow === 'new' && <NewInsuranceFlow key={run} />}
        {flow === 'existing' && <ExistingPolicyFlow key={run} />}
        {flow && (
          <p>
            <button type="button" className="demo-link" onClick={() => choose(undefined)}>
              Start over
            </button>
          </p>
        )}
      </main>
    </InsuranceProvider>
  );
}
