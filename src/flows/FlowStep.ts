/**
 * Where the borrower is in {@link InsuranceFlow}, exposed as its `data-state`:
 * - `application`: no loan application yet (the form);
 * - `loading`: reading the application to resume where the borrower was;
 * - `unavailable`: the application could not be read;
 * - `choose`: shop for a new policy, or share an existing one;
 * - `consent`: agreeing to the shopping terms;
 * - `quoting`: carriers are quoting (30-45 s);
 * - `quotes`: choosing a quote, and talking to an advisor;
 * - `quotingFailed`: no quotes online: an advisor, an existing policy or the hosted page instead;
 * - `retrieval`: signing in to the borrower's carrier to share an existing policy;
 * - `covered`: a policy is bound or retrieved and in force (the end);
 * - `lapsed`: every policy of the application is cancelled or expired;
 * - `closed`: the application is closed without a policy (e.g. insured elsewhere).
 */
export type FlowStep =
  | 'application'
  | 'loading'
  | 'unavailable'
  | 'choose'
  | 'consent'
  | 'quoting'
  | 'quotes'
  | 'quotingFailed'
  | 'retrieval'
  | 'covered'
  | 'lapsed'
  | 'closed';

/** The two ways to insurance: shop for a new policy, or share an existing one. */
export type FlowPath = 'shop' | 'existing';
