import * as v from 'valibot';
import { ID_PATTERN } from '../ids.js';

/** A loan application id carried in a request body (`id`). */
export const loanIdField = v.pipe(
  v.string('Loan application id must be text'),
  v.regex(ID_PATTERN, 'Loan application id is malformed'),
);
