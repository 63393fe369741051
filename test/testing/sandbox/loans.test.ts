import { describe, expect, it } from 'vitest';
import type { Harness } from './harness.js';
import { createHarness, DEFAULT_CLIENT, loanApplication, ORIGIN } from './harness.js';

const twoPartners = {
  clients: [
    DEFAULT_CLIENT,
    { clientId: 'other_client', clientSecret: 'other_secret', partnerId: 'other_partner' },
  ],
};

const issuePaths = (json: { error: { issues: Array<{ path: string }> } }) =>
  json.error.issues.map((i) => i.path);

describe('submit loan application', () => {
  it('creates a NOT_YET_RATED application with a contact page and no hosted display yet', async () => {
    const h = await createHarness();
    const res = await h.submitLoan({ loanNumber: 'LN-7' });

    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
      loanNumber: 'LN-7',
      externalId: 'LN-7',
      status: 'NOT_YET_RATED',
      hostedDisplayUrl: '',
      currentInsurancePolicies: [],
      loanAmount: 320_000,
      loanPurpose: 'PURCHASE',
      loanType: 'MORTGAGE',
      closingDate: null,
      loanOfficer: null,
    });
    expect(res.json.contactPageUrl).toMatch(new RegExp(`^${ORIGIN}/`));
    expect(res.json.borrowers).toHaveLength(1);
    expect(res.json.borrowers[0]).toMatchObject({ firstName: 'Avery', isPrimary: true });
    expect(res.json.property.address).toMatchObject({ zip: '04101', state: 'ME' });
  });

  it('returns the same application from GET /v1/loans/{id}', async () => {
    const h = await createHarness();
    const created = await h.submitLoan();
    const read = await h.call('GET', `/v1/loans/${created.json.id}`);

    expect(read.status).toBe(200);
    expect(read.json).toEqual(created.json);
  });

  it('keeps a caller-supplied externalId', async () => {
    const h = await createHarness();
    const res = await h.submitLoan({ loanNumber: 'LN-8', externalId: 'crm-0042' });
    expect(res.json.externalId).toBe('crm-0042');
  });

  it('gives every application its own id', async () => {
    const h = await createHarness();
    const a = await h.submitLoan();
    const b = await h.submitLoan();
    expect(a.json.id).not.toBe(b.json.id);
  });

  it('accepts the loan purposes that contain a space, co-borrowers without contact details and a loan officer', async () => {
    const h = await createHarness();
    const res = await h.submitLoan({
      loanPurpose: 'CONSTRUCTION PERM',
      borrowers: [
        ...loanApplication().borrowers,
        {
          firstName: 'Jules',
          lastName: 'Stone',
          isPrimary: false,
          currentAddress: { street: '1 Main St', city: 'Bangor', state: 'ME', zip: '04401' },
        },
      ],
      loanOfficer: {
        firstName: 'Morgan',
        lastName: 'Reyes',
        email: 'morgan@lender.example',
        phone: '(207) 555-0100',
      },
    });

    expect(res.json.loanPurpose).toBe('CONSTRUCTION PERM');
    expect(res.json.borrowers).toHaveLength(2);
    expect(res.json.loanOfficer).toMatchObject({ firstName: 'Morgan', lastName: 'Reyes' });
    expect(h.sandbox.inspectLoan(res.json.id)?.contacts).toEqual([
      expect.objectContaining({ role: 'Loan Officer', firstName: 'Morgan' }),
    ]);
  });

  it('drops fields it does not know', async () => {
    const h = await createHarness();
    const res = await h.call('POST', '/v1/loans', {
      ...loanApplication(),
      favouriteColour: 'teal',
    });
    expect(res.status).toBe(201);
    expect(res.json).not.toHaveProperty('favouriteColour');
  });

  it.each([
    ['a primary borrower without email', { primary: { email: undefined } }, ['borrowers.0.email']],
    [
      'a malformed ZIP code',
      { property: { address: { ...loanApplication().property.address, zip: '4101' } } },
      ['property.address.zip'],
    ],
    ['an unknown loan purpose', { loanPurpose: 'VACATION' as never }, ['loanPurpose']],
    ['a zero loan amount', { loanAmount: 0 }, ['loanAmount']],
    ['a missing loan number', { loanNumber: '   ' }, ['loanNumber']],
  ])('refuses %s with 400 validation_error naming the field', async (_name, overrides, paths) => {
    const h = await createHarness();
    const res = await h.call('POST', '/v1/loans', loanApplication(overrides));

    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('validation_error');
    expect(issuePaths(res.json)).toEqual(expect.arrayContaining(paths));
    expect(res.json.error.issues.every((i: { message: string }) => i.message.length > 0)).toBe(
      true,
    );
  });

  it('refuses an application with two primary borrowers or none', async () => {
    const h = await createHarness();
    const primaries = [...loanApplication().borrowers, ...loanApplication().borrowers];
    const two = await h.call('POST', '/v1/loans', loanApplication({ borrowers: primaries }));
    const none = await h.call('POST', '/v1/loans', loanApplication({ borrowers: [] }));

    expect(two.status).toBe(400);
    expect(issuePaths(two.json)).toContain('borrowers');
    expect(none.status).toBe(400);
    expect(issuePaths(none.json)).toContain('borrowers');
  });

  it("hides another partner's application as not found", async () => {
    const h = await createHarness({ sandbox: twoPartners });
    const other = await h.login({ client_id: 'other_client', client_secret: 'other_secret' });
    const id = (await h.submitLoan({}, { token: other })).json.id as string;

    const attempts = [
      await h.call('GET', `/v1/loans/${id}`),
      await h.call('POST', '/v1/loans/consent', { id, termsOfServiceId: 'tos-1' }),
      await h.call('PATCH', `/v1/loans/${id}/shop`),
      await h.call('GET', `/v1/loans/${id}/shop`),
      await h.call('GET', `/v1/loans/${id}/display`),
      await h.call('PATCH', `/v1/loans/${id}/close`),
      await h.call('PUT', `/v1/loans/${id}/loan-contacts`, []),
      await h.call('PUT', `/v1/loans/${id}/current-insurance`, { currentInsurancePolicies: [] }),
      await h.call('PATCH', `/v1/policies/${id}/retrieve`),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(404);
      expect(res.json.error.code).toBe('not_found');
    }
    expect(h.sandbox.inspectLoan(id)?.status).toBe('NOT_YET_RATED');
    expect(h.sandbox.inspectLoan(id)?.consentRecorded).toBe(false);
  });

  it('answers 404 for an application that does not exist', async () => {
    const h = await createHarness();
    const res = await h.call('GET', '/v1/loans/ln_does_not_exist');
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe('not_found');
  });
});

describe('loan contacts', () => {
  const officer = {
    role: 'Loan Officer',
    firstName: 'Dana',
    lastName: 'Whitfield',
    email: 'dana@lender.example',
    phone: '207-555-0199',
  };

  it('sets the loan officer from the contact with role Loan Officer and answers 204', async () => {
    const h = await createHarness();
    const id = (await h.submitLoan()).json.id as string;
    const processor = {
      role: 'Processor',
      firstName: 'Sam',
      lastName: 'Lee',
      email: 'sam@lender.example',
    };

    const res = await h.call('PUT', `/v1/loans/${id}/loan-contacts`, [processor, officer]);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');

    const loan = await h.call('GET', `/v1/loans/${id}`);
    expect(loan.json.loanOfficer).toEqual({
      firstName: 'Dana',
      lastName: 'Whitfield',
      email: 'dana@lender.example',
      phone: '207-555-0199',
    });
    expect(h.sandbox.inspectLoan(id)?.contacts).toHaveLength(2);
  });

  it('removes the loan officer when given an empty list', async () => {
    const h = await createHarness();
    const id = (await h.submitLoan()).json.id as string;
    await h.call('PUT', `/v1/loans/${id}/loan-contacts`, [officer]);

    const res = await h.call('PUT', `/v1/loans/${id}/loan-contacts`, []);
    expect(res.status).toBe(204);
    expect((await h.call('GET', `/v1/loans/${id}`)).json.loanOfficer).toBeNull();
    expect(h.sandbox.inspectLoan(id)?.contacts).toEqual([]);
  });

  it('refuses a body that is not a list of contacts', async () => {
    const h = await createHarness();
    const id = (await h.submitLoan()).json.id as string;

    const notList = await h.call('PUT', `/v1/loans/${id}/loan-contacts`, officer);
    const badEmail = await h.call('PUT', `/v1/loans/${id}/loan-contacts`, [
      { ...officer, email: 'not-an-email' },
    ]);
    expect(notList.status).toBe(400);
    expect(badEmail.status).toBe(400);
    expect(issuePaths(badEmail.json)).toContain('0.email');
  });
});

describe('current insurance', () => {
  const oldTown = {
    carrier: 'Old Town Mutual',
    policyNumber: 'OTM-1',
    policyType: 'HO3',
    premium: 1320,
    deductible: 1000,
    expirationDate: '2026-09-30',
    coverages: { a: { included: true, amount: 300_000 } },
  };
  const put = (h: Harness, id: string, body: unknown) =>
    h.call('PUT', `/v1/loans/${id}/current-insurance`, body);

  it('stores the policies of an object body and answers 200 with the loan id and the stored list', async () => {
    const h = await createHarness();
    const id = (await h.submitLoan()).json.id as string;

    const res = await put(h, id, { currentInsurancePolicies: [oldTown] });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.json).toEqual({ id, currentInsurancePolicies: [oldTown] });
  });

  it('shows the stored list on the loan read', async () => {
    const h = await createHarness();
    const id = (await h.submitLoan()).json.id as string;

    const res = await put(h, id, { currentInsurancePolicies: [oldTown] });
    const loan = await h.call('GET', `/v1/loans/${id}`);
    expect(loan.json.currentInsurancePolicies).toEqual(res.json.currentInsurancePolicies);
  });

  it('fills every documented field of a stored policy: null when not given, coverages {} when not given', async () => {
    const h = await createHarness();
    const id = (await h.submitLoan()).json.id as string;

    const res = await put(h, id, { currentInsurancePolicies: [{ carrier: 'Old Co' }] });
    const filled = {
      carrier: 'Old Co',
      policyNumber: null,
      policyType: null,
      premium: null,
      deductible: null,
      expirationDate: null,
      coverages: {},
    };
    expect(res.json.currentInsurancePolicies).toEqual([filled]);
    expect((await h.call('GET', `/v1/loans/${id}`)).json.currentInsurancePolicies).toEqual([
      filled,
    ]);
  });

  it('replaces the whole list, down to an empty one', async () => {
    const h = await createHarness();
    const id = (await h.submitLoan()).json.id as string;
    await put(h, id, {
      currentInsurancePolicies: [oldTown, { ...oldTown, policyNumber: 'OTM-2' }],
    });

    const res = await put(h, id, { currentInsurancePolicies: [] });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id, currentInsurancePolicies: [] });
    expect((await h.call('GET', `/v1/loans/${id}`)).json.currentInsurancePolicies).toEqual([]);
  });

  it('stores the policies given at submission the same way', async () => {
    const h = await createHarness();
    const created = await h.submitLoan({ currentInsurancePolicies: [{ policyNumber: 'P-9' }] });

    expect(created.json.currentInsurancePolicies).toEqual([
      {
        carrier: null,
        policyNumber: 'P-9',
        policyType: null,
        premium: null,
        deductible: null,
        expirationDate: null,
        coverages: {},
      },
    ]);
  });

  it('refuses a bare array body with 400 validation_error and keeps the stored list', async () => {
    const h = await createHarness();
    const id = (await h.submitLoan()).json.id as string;
    await put(h, id, { currentInsurancePolicies: [oldTown] });

    const res = await put(h, id, [oldTown]);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('validation_error');
    expect((await h.call('GET', `/v1/loans/${id}`)).json.currentInsurancePolicies).toEqual([
      oldTown,
    ]);
  });

  it('refuses an unknown policy type', async () => {
    const h = await createHarness();
    const id = (await h.submitLoan()).json.id as string;
    const res = await put(h, id, { currentInsurancePolicies: [{ policyType: 'HO9' }] });

    expect(res.status).toBe(400);
    expect(issuePaths(res.json)).toContain('currentInsurancePolicies.0.policyType');
  });
});
