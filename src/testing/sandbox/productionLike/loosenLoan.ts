import type { JsonObject } from './isJsonObject.js';
import { isJsonObject } from './isJsonObject.js';
import { loosenInsurancePolicies } from './loosenInsurancePolicies.js';
import { withNulls } from './withNulls.js';

// Optional fields of a loan application that are `null` until known.
const LOAN_OPTIONALS = [
  'externalId',
  'closingDate',
  'loanAmount',
  'loanOfficer',
  'loanPurpose',
  'loanType',
  'hostedDisplayUrl',
  'shortHostedDisplayUrl',
  'contactPageUrl',
];
const ADDRESS_OPTIONALS = ['street2', 'county'];
const ADDRESSES = ['currentAddress', 'mailingAddress', 'formerAddress'];

const address = (value: unknown) =>
  isJsonObject(value) ? withNulls(value, ADDRESS_OPTIONALS) : value;

function borrower(value: unknown): unknown {
  if (!isJsonObject(value)) return value;
  // A co-borrower's contact details are optional: `null` when not given.
  const out = withNulls(value, value.isPrimary === true ? [] : ['email', 'phone']);
  for (const key of ADDRESSES) if (isJsonObject(out[key])) out[key] = address(out[key]);
  // Unknown to the library, and not known here either.
  out.middleName = null;
  return out;
}

/**
 * A loan application as production sends it: optional fields not known yet as `null` (the
 * closing date, amount, officer, purpose and type when not given, the hosted links before they
 * exist, every address's `street2` and `county`, a co-borrower's email and phone), an unknown
 * `middleName: null` on each borrower, and current insurance amounts as text. `dwellingInfo` is
 * left as it is: it is an open map, where a new key would be a new row, not looseness.
 */
export function loosenLoan(loan: JsonObject): JsonObject {
  const out = withNulls(loan, LOAN_OPTIONALS);
  if (Array.isArray(loan.borrowers)) out.borrowers = loan.borrowers.map(borrower);
  if (isJsonObject(loan.property)) {
    out.property = { ...loan.property, address: address(loan.property.address) };
  }
  if ('currentInsurancePolicies' in loan) {
    out.currentInsurancePolicies = loosenInsurancePolicies(loan.currentInsurancePolicies);
  }
  return out;
}
