import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  LOAN_PURPOSES,
  LOAN_TYPES,
  LoanApplicationInputSchema,
  LoanApplicationRequestSchema,
  US_STATE_CODES,
  ValidationError,
  validateInput,
} from '../../src/core/index.js';
import {
  address,
  coBorrower,
  issuePaths,
  issuesFor,
  minimalApplication,
  primaryBorrower,
} from './fixtures.js';

const schema = LoanApplicationInputSchema;

/** A minimal application whose primary borrower has `patch` applied. */
const withPrimary = (patch: Record<string, unknown>) => ({
  ...minimalApplication(),
  borrowers: [{ ...primaryBorrower(), ...patch }],
});

/** A minimal application whose primary borrower's current address has `patch` applied. */
const withAddress = (patch: Record<string, unknown>) =>
  withPrimary({ currentAddress: { ...address(), ...patch } });

/** Asserts validation fails with an issue at `path` (and, when given, with `message`). */
function expectIssueAt(
  value: unknown,
  path: string,
  message?: string | RegExp,
  against: typeof schema | typeof LoanApplicationRequestSchema = schema,
) {
  const issues = issuesFor(against, value);
  const at = issues.filter((i) => i.path === path);
  expect(at, `issues were ${JSON.stringify(issues)}`).not.toHaveLength(0);
  if (message !== undefined) {
    expect(at.map((i) => i.message)).toContainEqual(
      typeof message === 'string' ? message : expect.stringMatching(message),
    );
  }
}

const fullApplication = () => ({
  loanNumber: '  LN-2026-0001  ',
  externalId: 'crm:4711',
  borrowers: [
    {
      firstName: '  Ada ',
      lastName: ' Lovelace',
      isPrimary: true,
      email: ' ada@example.com ',
      phone: ' (512) 555-0100 ',
      dob: '1980-05-17',
      gender: 'FEMALE',
      maritalStatus: 'DOMESTIC_PARTNER',
      currentAddress: {
        street: ' 1 Main St ',
        street2: 'Apt 2',
        city: 'Austin ',
        state: 'TX',
        zip: ' 78701-1234 ',
        county: 'Travis',
        latitude: 30.27, // unknown nested field
      },
      formerAddress: null,
      mailingAddress: { street: 'PO Box 1', city: 'Austin', state: 'TX', zip: '78702' },
      nickname: 'Countess', // unknown field on a borrower
    },
    {
      firstName: 'Charles',
      lastName: 'Babbage',
      isPrimary: false,
      email: null,
      phone: null,
      currentAddress: { street: '2 Elm St', city: 'Washington', state: 'DC', zip: '20001' },
    },
  ],
  property: {
    address: { street: '9 Calle Luna', city: 'San Juan', state: 'PR', zip: '00901', county: null },
    propertyType: 'BARE_LAND', // undocumented field: dropped
  },
  currentInsurancePolicies: [
    {
      carrier: ' Acme Mutual ',
      policyNumber: 'HO-1',
      policyType: 'HO3',
      premium: 1234.5,
      deductible: 1000,
      expirationDate: '2027-01-31',
      coverages: {
        a: { included: true, amount: 300_000 },
        waterBackup: { included: false, amount: 0, note: 'dropped' },
        zz: { included: true, amount: 1 }, // unknown coverage key: dropped
      },
      agent: 'dropped',
    },
  ],
  closingDate: '2026-12-15',
  loanAmount: 350_000,
  loanOfficer: {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@lender.example',
    phone: '+1 512 555 0199',
    nmls: '12345', // unknown: dropped
  },
  loanPurpose: 'CONSTRUCTION PERM',
  loanType: 'HELOC',
  // mass assignment attempts (B8): dropped
  partner_id: 'other-partner',
  status: 'CLOSED_WON',
  __proto__: { polluted: true },
});

describe('LoanApplicationInputSchema: a valid application', () => {
  it('accepts a full application, trims strings and drops unknown fields at every level', () => {
    const out = validateInput(LoanApplicationRequestSchema, fullApplication());
    expect(out).toStrictEqual({
      loanNumber: 'LN-2026-0001',
      externalId: 'crm:4711',
      borrowers: [
        {
          firstName: 'Ada',
          lastName: 'Lovelace',
          isPrimary: true,
          email: 'ada@example.com',
          phone: '(512) 555-0100',
          dob: '1980-05-17',
          gender: 'FEMALE',
          maritalStatus: 'DOMESTIC_PARTNER',
          currentAddress: {
            street: '1 Main St',
            street2: 'Apt 2',
            city: 'Austin',
            state: 'TX',
            zip: '78701-1234',
            county: 'Travis',
          },
          formerAddress: null,
          mailingAddress: { street: 'PO Box 1', city: 'Austin', state: 'TX', zip: '78702' },
        },
        {
          firstName: 'Charles',
          lastName: 'Babbage',
          isPrimary: false,
          email: null,
          phone: null,
          currentAddress: { street: '2 Elm St', city: 'Washington', state: 'DC', zip: '20001' },
        },
      ],
      property: {
        address: {
          street: '9 Calle Luna',
          city: 'San Juan',
          state: 'PR',
          zip: '00901',
          county: null,
        },
      },
      currentInsurancePolicies: [
        {
          carrier: 'Acme Mutual',
          policyNumber: 'HO-1',
          policyType: 'HO3',
          premium: 1234.5,
          deductible: 1000,
          expirationDate: '2027-01-31',
          coverages: {
            a: { included: true, amount: 300_000 },
            waterBackup: { included: false, amount: 0 },
          },
        },
      ],
      closingDate: '2026-12-15',
      loanAmount: 350_000,
      loanOfficer: {
        firstName: 'Grace',
        lastName: 'Hopper',
        email: 'grace@lender.example',
        phone: '+1 512 555 0199',
      },
      loanPurpose: 'CONSTRUCTION PERM',
      loanType: 'HELOC',
    });
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect('polluted' in out).toBe(false);
  });

  it('accepts the minimal application (one primary borrower, a property address)', () => {
    expect(validateInput(schema, minimalApplication())).toStrictEqual(minimalApplication());
  });

  it('accepts a co-borrower whose email and phone are absent', () => {
    const app = { ...minimalApplication(), borrowers: [primaryBorrower(), coBorrower()] };
    expect(validateInput(schema, app).borrowers[1]).toStrictEqual(coBorrower());
  });

  it.each(LOAN_PURPOSES)('accepts loanPurpose %j (including the values with a space)', (p) => {
    expect(validateInput(schema, { ...minimalApplication(), loanPurpose: p }).loanPurpose).toBe(p);
  });

  it.each(LOAN_TYPES)('accepts loanType %j', (t) => {
    expect(validateInput(schema, { ...minimalApplication(), loanType: t }).loanType).toBe(t);
  });

  it('accepts null for every nullable top-level field', () => {
    const app = {
      ...minimalApplication(),
      closingDate: null,
      loanAmount: null,
      loanOfficer: null,
      loanPurpose: null,
      loanType: null,
    };
    expect(validateInput(schema, app)).toStrictEqual(app);
  });

  it('accepts ten borrowers (one primary, nine co-borrowers)', () => {
    const app = {
      ...minimalApplication(),
      borrowers: [primaryBorrower(), ...Array.from({ length: 9 }, coBorrower)],
    };
    expect(validateInput(schema, app).borrowers).toHaveLength(10);
  });

  it('B24: drops an externalId a browser sends: only the server sets it', () => {
    const app = validateInput(schema, { ...minimalApplication(), externalId: 'LN-victim' });
    expect(app).not.toHaveProperty('externalId');
  });

  it('the service request accepts an externalId of exactly 128 visible ASCII characters', () => {
    const externalId = '!'.repeat(64) + '~'.repeat(64);
    expect(
      validateInput(LoanApplicationRequestSchema, { ...minimalApplication(), externalId })
        .externalId,
    ).toBe(externalId);
  });
});

describe('LoanApplicationInputSchema: ValidationError shape', () => {
  it('throws a ValidationError with status 400, code validation_error and every issue', () => {
    const app = {
      ...minimalApplication(),
      loanType: 'CAR',
      borrowers: [{ ...primaryBorrower(), email: 'nope' }],
    };
    let caught: unknown;
    try {
      validateInput(schema, app);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ValidationError);
    const error = caught as ValidationError;
    expect(error.code).toBe('validation_error');
    expect(error.status).toBe(400);
    expect(error.issues.map((i) => i.path).sort()).toEqual(['borrowers.0.email', 'loanType']);
    expect(error.message).toBe(error.issues[0]?.message);
    expect(error.fieldErrors()).toEqual({
      'borrowers.0.email': 'Enter an email address like name@example.com',
      loanType: 'Choose a loan type',
    });
  });

  it('fieldErrors keeps the first message when a path has several issues', () => {
    const error = new ValidationError([
      { path: 'borrowers', message: 'first' },
      { path: 'borrowers', message: 'second' },
    ]);
    expect(error.fieldErrors()).toEqual({ borrowers: 'first' });
  });

  it.each([[null], [undefined], ['application'], [42]])(
    'refuses a non-object input %j with an issue on the whole input',
    (input) => {
      expect(issuePaths(schema, input)).toEqual(['']);
    },
  );

  it('refuses an array input', () => {
    expect(issuesFor(schema, []).length).toBeGreaterThan(0);
  });

  it('reports missing required top-level fields as "Required" at their own path', () => {
    const issues = issuesFor(schema, {});
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'loanNumber', message: 'Required' },
        { path: 'borrowers', message: 'Required' },
        { path: 'property', message: 'Required' },
      ]),
    );
  });
});

describe('LoanApplicationInputSchema: U1 invalid borrower data', () => {
  it('U1: primary borrower without email → "Required" at borrowers.0.email', () => {
    const { email: _omit, ...borrower } = primaryBorrower();
    const app = { ...minimalApplication(), borrowers: [borrower] };
    expect(issuesFor(schema, app)).toContainEqual({
      path: 'borrowers.0.email',
      message: 'Required',
    });
  });

  it('U1: primary borrower with a null email or phone is refused', () => {
    expectIssueAt(withPrimary({ email: null }), 'borrowers.0.email');
    expectIssueAt(withPrimary({ phone: null }), 'borrowers.0.phone');
  });

  it('U1: primary borrower without phone → "Required" at borrowers.0.phone', () => {
    const { phone: _omit, ...borrower } = primaryBorrower();
    expectIssueAt(
      { ...minimalApplication(), borrowers: [borrower] },
      'borrowers.0.phone',
      'Required',
    );
  });

  it.each(['ada', 'ada@', '@example.com', 'ada@example', 'ada example@x.com', ''])(
    'U1: bad email %j → issue at borrowers.0.email',
    (email) => {
      expectIssueAt(withPrimary({ email }), 'borrowers.0.email');
    },
  );

  it('U1: a co-borrower bad email is reported at borrowers.1.email', () => {
    const app = {
      ...minimalApplication(),
      borrowers: [primaryBorrower(), { ...coBorrower(), email: 'not-an-email' }],
    };
    expect(issuePaths(schema, app)).toEqual(['borrowers.1.email']);
  });

  it.each([
    '512-555-010', // 9 digits
    '512555010',
    '512-555-O100', // letter O
    'call me',
    '512-555-01000', // 11 digits
    '+44 20 7946 0958',
    '',
  ])('U1: bad phone %j → "Enter a 10-digit US phone number"-style issue', (phone) => {
    expectIssueAt(withPrimary({ phone }), 'borrowers.0.phone');
  });

  it.each(['512-555-0100', '(512) 555-0100', '+1 512 555 0100', '5125550100', '512.555.0100'])(
    'U1: phone format %j is accepted',
    (phone) => {
      const out = validateInput(schema, withPrimary({ phone }));
      expect(out.borrowers[0]?.phone).toBe(phone);
    },
  );

  it.each(['1234', '12345-12', '123456', 'ABCDE', '12345 6789', ''])(
    'U1: bad ZIP %j → issue at borrowers.0.currentAddress.zip',
    (zip) => {
      expectIssueAt(
        withAddress({ zip }),
        'borrowers.0.currentAddress.zip',
        'Enter a 5-digit ZIP code',
      );
    },
  );

  it('U1: a bad property ZIP is reported at property.address.zip', () => {
    const app = { ...minimalApplication(), property: { address: { ...address(), zip: '1234' } } };
    expect(issuePaths(schema, app)).toEqual(['property.address.zip']);
  });

  it('accepts ZIP+4', () => {
    const out = validateInput(schema, withAddress({ zip: '78701-1234' }));
    expect(out.borrowers[0]?.currentAddress.zip).toBe('78701-1234');
  });

  it.each(['XX', 'tx', 'Texas', 'T', ''])('U1: bad state %j is refused', (state) => {
    expectIssueAt(withAddress({ state }), 'borrowers.0.currentAddress.state', 'Choose a US state');
  });

  it.each(['DC', 'PR', 'GU', 'VI', 'AS', 'MP'])(
    'accepts state %j (DC and territories)',
    (state) => {
      expect(validateInput(schema, withAddress({ state })).borrowers[0]?.currentAddress.state).toBe(
        state,
      );
    },
  );

  it('accepts every code in US_STATE_CODES (50 states + DC + 5 territories)', () => {
    expect(US_STATE_CODES).toHaveLength(56);
    for (const state of US_STATE_CODES) {
      expect(() => validateInput(schema, withAddress({ state }))).not.toThrow();
    }
  });

  it.each([
    ['street', ''],
    ['city', '   '],
  ])('U1: empty address %s is refused', (field, value) => {
    expectIssueAt(withAddress({ [field]: value }), `borrowers.0.currentAddress.${field}`);
  });
});

describe('LoanApplicationInputSchema: U1 date of birth', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const at = (iso: string) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(iso));
  };

  it('U1: a DOB in the future is refused at borrowers.0.dob', () => {
    at('2026-06-15T12:00:00Z');
    expectIssueAt(withPrimary({ dob: '2027-01-01' }), 'borrowers.0.dob', /at least 18/);
  });

  it('U1: a DOB making the borrower 17 is refused', () => {
    at('2026-06-15T12:00:00Z');
    expectIssueAt(withPrimary({ dob: '2009-06-15' }), 'borrowers.0.dob', /at least 18/);
    expectIssueAt(withPrimary({ dob: '2008-12-31' }), 'borrowers.0.dob', /at least 18/);
  });

  it('accepts a DOB making the borrower 18 and a half', () => {
    at('2026-06-15T12:00:00Z');
    expect(validateInput(schema, withPrimary({ dob: '2007-12-15' })).borrowers[0]?.dob).toBe(
      '2007-12-15',
    );
  });

  it('U1: a DOB more than 120 years ago is refused', () => {
    at('2026-06-15T12:00:00Z');
    expectIssueAt(withPrimary({ dob: '1900-01-01' }), 'borrowers.0.dob');
  });

  it.each(['2001-02-30', '2001-13-01', '2001-00-10', '1990-04-31', '1990-4-1', '04/01/1990', ''])(
    'U1: DOB %j (not a real YYYY-MM-DD date) is refused',
    (dob) => {
      expectIssueAt(withPrimary({ dob }), 'borrowers.0.dob', /real date/);
    },
  );

  // The age is computed as elapsed ms / 365.2425 days, so the 18th birthday is off by up to a
  // day depending on how many leap days fall in the span and on the time of day.
  it('U1: a borrower is accepted on their 18th birthday (at 00:00 UTC)', () => {
    at('2026-06-15T00:00:00Z');
    expect(() => validateInput(schema, withPrimary({ dob: '2008-06-15' }))).not.toThrow();
  });

  it('U1: a borrower is refused the day before their 18th birthday', () => {
    at('2026-01-15T12:00:00Z');
    expectIssueAt(withPrimary({ dob: '2008-01-16' }), 'borrowers.0.dob', /at least 18/);
  });
});

describe('LoanApplicationInputSchema: U1 names', () => {
  it.each([
    ['empty', ''],
    ['whitespace-only', '   \t '],
  ])('U1: %s first name → "First name is required"', (_label, firstName) => {
    expectIssueAt(withPrimary({ firstName }), 'borrowers.0.firstName', 'First name is required');
  });

  it('U1: a 10 000-character name is refused', () => {
    expectIssueAt(
      withPrimary({ lastName: 'a'.repeat(10_000) }),
      'borrowers.0.lastName',
      'Last name must be at most 100 characters',
    );
  });

  it('accepts a 100-character name and a name with accents', () => {
    const out = validateInput(
      schema,
      withPrimary({ firstName: 'é'.repeat(100), lastName: 'Ñúñez' }),
    );
    expect(out.borrowers[0]?.firstName).toHaveLength(100);
  });

  it.each([
    ['zero-width space U+200B', 'Ad\u200Ba'],
    ['RTL override U+202E', '\u202Eada'],
    ['LTR mark U+200E', 'Ada\u200E'],
    ['isolate U+2066', 'A\u2066da'],
    ['NUL', 'Ada\u0000'],
    ['escape', 'Ada\u001b[31m'],
    ['DEL', 'A\u007fda'],
    ['newline inside', 'A\nda'],
  ])('U1: a name containing %s is refused', (_label, firstName) => {
    expectIssueAt(
      withPrimary({ firstName }),
      'borrowers.0.firstName',
      'First name contains characters that are not allowed',
    );
  });

  // fields.ts says the text fields refuse "control or invisible characters"; these are C1
  // control characters (Unicode category Cc) and a zero-width character its pattern misses.
  it.each([
    ['C1 control NEL U+0085', 'Ada\u0085'],
    ['C1 control CSI U+009B', 'Ada\u009B31m'],
    ['zero-width word joiner U+2060', 'Ad\u2060a'],
  ])('U1: a name containing %s is refused', (_label, firstName) => {
    expectIssueAt(withPrimary({ firstName }), 'borrowers.0.firstName');
  });
});

describe('LoanApplicationInputSchema: borrowers list', () => {
  it('refuses two primary borrowers with an issue at borrowers', () => {
    const app = { ...minimalApplication(), borrowers: [primaryBorrower(), primaryBorrower()] };
    expect(issuesFor(schema, app)).toEqual([
      { path: 'borrowers', message: 'Exactly one borrower must be the primary borrower' },
    ]);
  });

  it('refuses zero primary borrowers with an issue at borrowers', () => {
    const app = { ...minimalApplication(), borrowers: [coBorrower(), coBorrower()] };
    expect(issuesFor(schema, app)).toEqual([
      { path: 'borrowers', message: 'Exactly one borrower must be the primary borrower' },
    ]);
  });

  it('refuses 11 borrowers', () => {
    const app = {
      ...minimalApplication(),
      borrowers: [primaryBorrower(), ...Array.from({ length: 10 }, coBorrower)],
    };
    expect(issuesFor(schema, app)).toContainEqual({
      path: 'borrowers',
      message: 'At most 10 borrowers',
    });
  });

  it('refuses an empty borrowers list', () => {
    const app = { ...minimalApplication(), borrowers: [] };
    expect(issuesFor(schema, app)).toContainEqual({
      path: 'borrowers',
      message: 'Add the primary borrower',
    });
  });

  it('refuses borrowers that is not a list', () => {
    expectIssueAt({ ...minimalApplication(), borrowers: primaryBorrower() }, 'borrowers');
  });

  it.each(['yes', 1, null, 'true'])(
    'refuses isPrimary %j at borrowers.0.isPrimary',
    (isPrimary) => {
      expectIssueAt(
        withPrimary({ isPrimary }),
        'borrowers.0.isPrimary',
        'Say whether the borrower is the primary borrower',
      );
    },
  );

  it('refuses a borrower without isPrimary', () => {
    const { isPrimary: _omit, ...borrower } = primaryBorrower();
    expectIssueAt({ ...minimalApplication(), borrowers: [borrower] }, 'borrowers.0.isPrimary');
  });

  it.each([
    ['gender', 'OTHER'],
    ['maritalStatus', 'married'],
  ])('refuses borrower %s %j', (field, value) => {
    expectIssueAt(withPrimary({ [field]: value }), `borrowers.0.${field}`);
  });
});

describe('LoanApplicationInputSchema: loan fields', () => {
  it.each([
    ['loanType', 'CAR'],
    ['loanType', 'mortgage'],
    ['loanPurpose', 'CONSTRUCTION_PERM'],
    ['loanPurpose', 'Purchase'],
  ])('refuses %s %j', (field, value) => {
    expectIssueAt({ ...minimalApplication(), [field]: value }, field);
  });

  it.each([
    ['negative', -1, 'Loan amount cannot be negative'],
    ['zero', 0, 'Loan amount must be more than zero'],
    ['Infinity', Number.POSITIVE_INFINITY, 'Loan amount must be a number'],
    ['-Infinity', Number.NEGATIVE_INFINITY, 'Loan amount must be a number'],
    ['NaN', Number.NaN, 'Loan amount must be a number'],
    ['a string', '350000', 'Loan amount must be a number'],
    ['too large', 2_000_000_000, 'Loan amount is too large'],
  ])('refuses a %s loanAmount', (_label, loanAmount, message) => {
    expectIssueAt({ ...minimalApplication(), loanAmount }, 'loanAmount', message);
  });

  it.each([
    ['a space', 'crm 4711'],
    ['a newline', 'crm\n4711'],
    ['a trailing newline', 'crm4711\n'],
    ['a tab', 'crm\t4711'],
    ['non-ASCII', 'crmé'],
    ['129 characters', 'x'.repeat(129)],
    ['the empty string', ''],
  ])('refuses an externalId with %s', (_label, externalId) => {
    expectIssueAt(
      { ...minimalApplication(), externalId },
      'externalId',
      'External id must be 1-128 visible ASCII characters',
      LoanApplicationRequestSchema,
    );
  });

  it('refuses a closingDate that is not a real date', () => {
    expectIssueAt({ ...minimalApplication(), closingDate: '2026-02-30' }, 'closingDate');
  });

  it('refuses a loan officer without email at loanOfficer.email', () => {
    const app = {
      ...minimalApplication(),
      loanOfficer: { firstName: 'Grace', lastName: 'Hopper', phone: '5125550199' },
    };
    expect(issuesFor(schema, app)).toEqual([{ path: 'loanOfficer.email', message: 'Required' }]);
  });

  it('reports a bad coverage at its full dotted path', () => {
    const app = {
      ...minimalApplication(),
      currentInsurancePolicies: [{ coverages: { a: { included: 'yes', amount: -5 } } }],
    };
    expect(issuePaths(schema, app).sort()).toEqual([
      'currentInsurancePolicies.0.coverages.a.amount',
      'currentInsurancePolicies.0.coverages.a.included',
    ]);
  });

  it('refuses more than 10 current insurance policies', () => {
    const app = {
      ...minimalApplication(),
      currentInsurancePolicies: Array.from({ length: 11 }, () => ({})),
    };
    expect(issuesFor(schema, app)).toContainEqual({
      path: 'currentInsurancePolicies',
      message: 'At most 10 policies',
    });
  });
});
