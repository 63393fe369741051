import * as v from 'valibot';
import { US_STATE_CODES } from '../US_STATE_CODES.js';
import { text } from './fields.js';

/** A US postal address. `state` is a two-letter code; `zip` is `12345` or `12345-6789`. */
export const AddressSchema = v.object({
  street: text(200, 'Street'),
  street2: v.nullish(text(200, 'Street line 2')),
  city: text(100, 'City'),
  state: v.picklist(US_STATE_CODES, 'Choose a US state'),
  zip: v.pipe(
    v.string('ZIP code must be text'),
    v.trim(),
    v.regex(/^\d{5}(-\d{4})?$/, 'Enter a 5-digit ZIP code'),
  ),
  county: v.nullish(text(100, 'County')),
});

/** A US postal address. */
export type Address = v.InferOutput<typeof AddressSchema>;
