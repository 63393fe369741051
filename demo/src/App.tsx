import { useEffect, useRef, useState } from 'react';
import type { InsuranceFlowEvent, LoanApplicationFormValues } from '../../src/index.js';
import {
  createHttpAdapter,
  DEFAULT_BFF_BASE_PATH,
  InsuranceFlow,
  InsuranceProvider,
} from '../../src/index.js';
import { signedInBorrower } from './borrower.js';
import { LENDER_NAME, LOAN_KEY, TCPA_TERMS_ID, TERMS_ID } from './lender.js';
import type { PortalLanguage } from './portalText.js';
import { PORTAL_TEXT } from './portalText.js';
import { SandboxPanel } from './SandboxPanel.js';

// The BFF on this origin; the service's URL and credentials stay on the server.
const adapter = createHttpAdapter({ baseUrl: DEFAULT_BFF_BASE_PATH });

const LOCALES: Record<PortalLanguage, string> = { en: 'en-US', es: 'es-US' };

/** The portal's language, from `?lang=es` (English otherwise). */
function languageFromUrl(): PortalLanguage {
  return new URLSearchParams(window.location.search).get('lang') === 'es' ? 'es' : 'en';
}

/** The lender's borrower portal: its branding around the library's drop-in flow. */
export function App() {
  const [language, setLanguage] = useState(languageFromUrl);
  const text = PORTAL_TEXT[language];
  // The application this browser created, so a reload resumes it (the BFF still checks that it
  // belongs to this session). A lender whose server creates the application passes its id.
  const [loanId, setLoanId] = useState(() => sessionStorage.getItem(LOAN_KEY) ?? undefined);
  const [prefill, setPrefill] = useState(signedInBorrower);
  const [run, setRun] = useState(0);
  const [events, setEvents] = useState<Array<{ seq: number; event: InsuranceFlowEvent }>>([]);
  const seq = useRef(0);

  useEffect(() => {
    document.documentElement.lang = LOCALES[language];
  }, [language]);

  const chooseLanguage = (next: PortalLanguage) => {
    setLanguage(next);
    const url = new URL(window.location.href);
    url.searchParams.set('lang', next);
    window.history.replaceState(null, '', url);
  };
  const startOver = (values: Partial<LoanApplicationFormValues> = {}) => {
    sessionStorage.removeItem(LOAN_KEY);
    setLoanId(undefined);
    setPrefill({ ...signedInBorrower(), ...values });
    setEvents([]);
    setRun((n) => n + 1);
  };

  return (
    <InsuranceProvider adapter={adapter} locale={LOCALES[language]}>
      <header className="demo-header">
        <p className="demo-brand">{LENDER_NAME}</p>
        <p className="demo-tagline">{text.tagline}</p>
        <label className="demo-language">
          {text.language}{' '}
          <select
            value={language}
            onChange={(e) => chooseLanguage(e.target.value as PortalLanguage)}
          >
            <option value="en" lang="en">
              English
            </option>
            <option value="es" lang="es">
              Español
            </option>
          </select>
        </label>
      </header>
      <main className="demo-main">
        <h1>{text.title}</h1>
        <p className="demo-lead">{text.lead}</p>
        <div className="demo-layout">
          <InsuranceFlow
            key={run}
            {...(loanId ? { loanId } : {})}
            lenderName={LENDER_NAME}
            termsOfServiceId={TERMS_ID}
            tcpaTermsOfServiceId={TCPA_TERMS_ID}
            applicationDefaults={prefill}
            lockedFields={['loanNumber']}
            onApplicationCreated={(loan) => {
              sessionStorage.setItem(LOAN_KEY, loan.id);
              setLoanId(loan.id);
            }}
            onEvent={(event) =>
              setEvents((list) => [...list.slice(-19), { seq: ++seq.current, event }])
            }
          />
          <div className="demo-side">
            <SandboxPanel
              text={text}
              applying={!loanId}
              onScenario={startOver}
              onStartOver={() => startOver()}
            />
            <details className="demo-events">
              <summary>{text.events}</summary>
              <p>{text.eventsLead}</p>
              <ol>
                {events.map(({ seq: n, event }) => (
                  <li key={n}>
                    <code>{event.name}</code> · {event.step}
                  </li>
                ))}
              </ol>
            </details>
          </div>
        </div>
      </main>
    </InsuranceProvider>
  );
}
