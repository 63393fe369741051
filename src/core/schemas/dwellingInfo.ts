import * as v from 'valibot';
import { humanizeKey as label } from '../humanizeKey.js';
import { text } from './fields.js';

/** Documented details written as free text, e.g. "Central", "Brick", "Slab" or "A". */
const WORDS = [
  'airConditioningType',
  'annualFloodRisk',
  'buildingCondition',
  'electricityType',
  'exteriorWallType',
  'femaFloodZone',
  'fireDepartment',
  'fireplaceType',
  'flooringType',
  'foundationType',
  'fuelType',
  'garageType',
  'heatingType',
] as const;

/** Documented details that are counts or measures. */
const MEASURES = [
  'appraisalValue',
  'basementSquareFootage',
  'fireplaces',
  'garageSquareFootage',
] as const;

/** The keys of `dwellingInfo` the service's reference documents. */
export const DWELLING_INFO_KEYS = [...WORDS, ...MEASURES, 'effectiveYearBuilt'] as const;

const measure = (key: string) =>
  v.nullish(
    v.pipe(
      v.number(`${label(key)} must be a number`),
      v.finite(`${label(key)} must be a number`),
      v.minValue(0, `${label(key)} cannot be negative`),
      v.maxValue(1_000_000_000, `${label(key)} is too large`),
    ),
  );

type Words = Record<(typeof WORDS)[number], v.NullishSchema<ReturnType<typeof text>, undefined>>;
type Measures = Record<(typeof MEASURES)[number], ReturnType<typeof measure>>;

const documented = {
  ...(Object.fromEntries(WORDS.map((key) => [key, v.nullish(text(200, label(key)))])) as Words),
  ...(Object.fromEntries(MEASURES.map((key) => [key, measure(key)])) as Measures),
  // Documented as text ("2020"), not a number.
  effectiveYearBuilt: v.nullish(
    v.pipe(
      v.string('Effective year built must be a year written as text, such as "2020"'),
      v.trim(),
      v.regex(/^\d{4}$/, 'Effective year built must be a year such as "2020"'),
    ),
  ),
};

// A key the service may add later: a plain camelCase name.
const DESCRIPTIVE_KEY = /^[a-z][A-Za-z0-9]{0,63}$/;
// Fields that name or rank records rather than describe the home: never the browser's to set.
const PRIVILEGED_KEY = /(^id$|Id$|^ids?[A-Z]|status|partner|platform|token|secret|owner)/i;
// Text of an undocumented detail: what `text()` allows, checked without a schema per key.
const UNSAFE_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/;

/** Whether `key` may carry an undocumented description of the home inside `dwellingInfo`. */
export const isDescriptiveKey = (key: string) =>
  DESCRIPTIVE_KEY.test(key) && !PRIVILEGED_KEY.test(key);

/** Why an undocumented detail cannot be sent, or `null` when it can. */
function problemOf(key: string, value: unknown): string | null {
  if (!isDescriptiveKey(key)) return `"${key}" is not a detail of the home that may be sent`;
  if (value === null || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : `${key} must be a number`;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed !== '' && trimmed.length <= 200 && !UNSAFE_TEXT.test(trimmed)
      ? null
      : `${key} must be text of 1 to 200 visible characters`;
  }
  return 'A dwelling detail must be text, a number or true/false';
}

/**
 * What the lender knows about the home (`property.dwellingInfo`): the documented keys with their
 * types, and any other descriptive key the service may read (text, a number or a boolean),
 * passed through as given, since the reference lists only its first keys. Keys that would name
 * records (`…Id`, `status`, `partner…`) are refused, as are nested values and more than 64 keys.
 */
export const DwellingInfoSchema = v.pipe(
  v.looseObject(documented, 'Dwelling info must be an object'),
  v.check((info) => Object.keys(info).length <= 64, 'Dwelling info may have at most 64 details'),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const info = dataset.value as Record<string, unknown>;
    for (const [key, value] of Object.entries(info)) {
      const message = key in documented ? null : problemOf(key, value);
      if (message === null) continue;
      addIssue({
        message,
        path: [{ type: 'object', origin: 'value', input: info, key, value }],
      });
    }
  }),
);

/** Details of the home, as the lender sends them. */
export type DwellingInfo = v.InferOutput<typeof DwellingInfoSchema>;
