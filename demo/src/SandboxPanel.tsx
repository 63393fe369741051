import type { LoanApplicationFormValues } from '../../src/index.js';
import type { PORTAL_TEXT } from './portalText.js';

/** The sandbox's scenarios: the applicant's name chooses what the sandbox does. */
const SCENARIOS = [
  ['scenarioPlain', { firstName: 'Avery', lastName: 'Jordan' }],
  ['scenarioBind', { firstName: 'Bind_policy', lastName: 'Jordan' }],
  ['scenarioFlood', { firstName: 'Bind_policy', lastName: 'Flood' }],
  ['scenarioWind', { firstName: 'Bind_policy', lastName: 'Wind' }],
  ['scenarioCancelled', { firstName: 'Cancelled_policy', lastName: 'Jordan' }],
  ['scenarioFails', { firstName: 'Rating_error', lastName: 'Jordan' }],
] as const;

const RETRIEVAL_USERS = [
  'user_good',
  'user_good_flood',
  'user_good_expensive',
  'user_good_cancelled',
];

/** Props of {@link SandboxPanel}. */
export interface SandboxPanelProps {
  text: (typeof PORTAL_TEXT)[keyof typeof PORTAL_TEXT];
  /** Whether the application form is showing (the scenarios only prefill it). */
  applying: boolean;
  onScenario: (values: Partial<LoanApplicationFormValues>) => void;
  onStartOver: () => void;
}

/** What a tester needs beside the flow: scenario prefills, carrier accounts, start over. */
export function SandboxPanel({ text, applying, onScenario, onStartOver }: SandboxPanelProps) {
  return (
    <aside className="demo-sandbox" aria-labelledby="demo-sandbox-heading">
      <h2 id="demo-sandbox-heading">{text.sandbox}</h2>
      {applying && (
        <>
          <p>{text.sandboxLead}</p>
          <div className="demo-scenarios">
            {SCENARIOS.map(([key, values]) => (
              <button key={key} type="button" onClick={() => onScenario(values)}>
                {text[key]}
              </button>
            ))}
          </div>
        </>
      )}
      <p>
        {text.retrievalUsers} <code>sandbox_password</code>:
      </p>
      <ul>
        {RETRIEVAL_USERS.map((user) => (
          <li key={user}>
            <code>{user}</code>
          </li>
        ))}
      </ul>
      <button type="button" className="demo-link" onClick={onStartOver}>
        {text.startOver}
      </button>
    </aside>
  );
}
