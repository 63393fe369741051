import { useState } from 'react';
import type { Loan } from '../../src/index.js';
import { PolicyRetrievalLauncher } from '../../src/index.js';
import { ApplicationStep, Policies, Step } from './parts.js';

const SANDBOX_USERS = [
  ['user_good', 'a home policy'],
  ['user_good_flood', 'a home policy and a flood policy'],
  ['user_good_expensive', 'a home policy with a high premium'],
  ['user_good_cancelled', 'a home policy cancelled today'],
] as const;

/** Retrieving a policy the borrower already has: application → carrier sign-in → policies. */
export function ExistingPolicyFlow() {
  const [loan, setLoan] = useState<Loan>();
  return (
    <>
      <ApplicationStep loan={loan} onCreated={setLoan} />
      {loan && (
        <>
          <Step number={2} title="Sign in to your insurance carrier">
            <p>
              We fetch your policy straight from your carrier: sign in on their page, and we receive
              the policy and its documents.
            </p>
            <aside className="demo-callout" aria-labelledby="sandbox-users">
              <h3 id="sandbox-users">Sandbox test accounts</h3>
              <p>
                Choose any carrier; the password is <code>sandbox_password</code>.
              </p>
              <ul>
                {SANDBOX_USERS.map(([user, gives]) => (
                  <li key={user}>
                    <code>{user}</code>: {gives}
                  </li>
                ))}
              </ul>
            </aside>
            <PolicyRetrievalLauncher loanId={loan.id} />
          </Step>
          <Step number={3} title="Your policies">
            <Policies
              loanId={loan.id}
              empty="No policy yet. Sign in to your carrier above and it appears here."
            />
          </Step>
        </>
      )}
    </>
  );
}
