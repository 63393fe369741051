import { describe, expect, it } from 'vitest';
import {
  DWELLING_INFO_KEYS,
  LoanApplicationInputSchema,
  validateInput,
} from '../../src/core/index.js';
import { issuesFor, minimalApplication } from './fixtures.js';

// The reference's example of `property.dwellingInfo`, every documented key with its type.
const documented = {
  airConditioningType: 'Central',
  annualFloodRisk: 'Low',
  appraisalValue: 425_000,
  basementSquareFootage: 800,
  buildingCondition: 'Good',
  effectiveYearBuilt: '2020',
  electricityType: 'Circuit breaker',
  exteriorWallType: 'Brick',
  femaFloodZone: 'A',
  fireDepartment: 'Austin FD Station 3',
  fireplaceType: 'Masonry',
  fireplaces: 1,
  flooringType: 'Hardwood',
  foundationType: 'Slab',
  fuelType: 'Gas',
  garageSquareFootage: 400,
  garageType: 'Attached',
  heatingType: 'Forced air',
};

const withDwelling = (dwellingInfo: unknown) => ({
  ...minimalApplication(),
  property: { ...minimalApplication().property, dwellingInfo },
});

describe('property.dwellingInfo in a loan application', () => {
  it('keeps every documented detail of the home with its type', () => {
    expect(Object.keys(documented).sort()).toEqual([...DWELLING_INFO_KEYS].sort());
    const out = validateInput(LoanApplicationInputSchema, withDwelling(documented));
    expect(out.property.dwellingInfo).toStrictEqual(documented);
  });

  it('passes descriptive keys the library does not know yet through, as given', () => {
    const info = { roofType: 'Tile', roofYear: 2015, hasSwimmingPool: true, stories: 2 };
    const out = validateInput(LoanApplicationInputSchema, withDwelling(info));
    expect(out.property.dwellingInfo).toStrictEqual(info);
  });

  it.each([
    ['id', { id: 'x' }],
    ['a record id', { loanId: 'ln_1' }],
    ['a status', { status: 'RC1_RATED' }],
    ['a partner', { partner: 'other' }],
    ['a platform id', { platformId: 'p' }],
  ])('B39: refuses %s inside dwellingInfo, naming it', (_label, info) => {
    const [key] = Object.keys(info);
    expect(issuesFor(LoanApplicationInputSchema, withDwelling(info))).toEqual([
      {
        path: `property.dwellingInfo.${key}`,
        message: `"${key}" is not a detail of the home that may be sent`,
      },
    ]);
  });

  it.each([
    ['a nested object', { roof: { type: 'Tile' } }, 'property.dwellingInfo.roof'],
    [
      'a number where text is documented',
      { exteriorWallType: 3 },
      'property.dwellingInfo.exteriorWallType',
    ],
    [
      'text where a number is documented',
      { appraisalValue: '425000' },
      'property.dwellingInfo.appraisalValue',
    ],
    [
      'a year that is a number',
      { effectiveYearBuilt: 2020 },
      'property.dwellingInfo.effectiveYearBuilt',
    ],
    [
      'a negative measure',
      { garageSquareFootage: -1 },
      'property.dwellingInfo.garageSquareFootage',
    ],
    ['invisible characters', { heatingType: 'Gas\u202e' }, 'property.dwellingInfo.heatingType'],
  ])('refuses %s with a field error', (_label, info, path) => {
    expect(issuesFor(LoanApplicationInputSchema, withDwelling(info)).map((i) => i.path)).toEqual([
      path,
    ]);
  });

  it('refuses more than 64 details', () => {
    const many = Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`detail${i}`, i]));
    expect(issuesFor(LoanApplicationInputSchema, withDwelling(many))).toEqual([
      { path: 'property.dwellingInfo', message: 'Dwelling info may have at most 64 details' },
    ]);
  });

  it('drops other keys of the property, as before', () => {
    const out = validateInput(LoanApplicationInputSchema, {
      ...minimalApplication(),
      property: { ...minimalApplication().property, ownerId: 'x' },
    });
    expect(out.property).toStrictEqual(minimalApplication().property);
  });
});
