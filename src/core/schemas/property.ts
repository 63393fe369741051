import * as v from 'valibot';
import { AddressSchema } from './address.js';

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

/** The insured property. */
export const PropertySchema = v.object({ address: AddressSchema });
/** The insured property. */
export type Property = v.InferOutput<typeof PropertySchema>;
