import * as v from 'valibot';
import { AddressSchema } from './address.js';
import { DwellingInfoSchema } from './dwellingInfo.js';

/** Land property types added in 1.0.1 (the field carrying them is not documented). */
export const PROPERTY_TYPES = [
  'BARE_LAND',
  'AGRICULTURAL_LAND',
  'RECREATIONAL_LAND',
  'IMPROVED_LAND',
  'OTHER_LAND',
] as const;
/** A land property type. */
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/**
 * The insured property: its address and, when the lender knows them, the details of the home
 * (`dwellingInfo`), which change what gets quoted. Other keys are dropped.
 */
export const PropertySchema = v.object({
  address: AddressSchema,
  dwellingInfo: v.nullish(DwellingInfoSchema),
});
/** The insured property. */
export type Property = v.InferOutput<typeof PropertySchema>;
