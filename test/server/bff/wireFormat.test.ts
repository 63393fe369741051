import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServiceClient } from '../../../src/server/client/createServiceClient.js';
import { clientOptions, createFakeService, json, START } from '../client/fakeService.js';
import { loanApplication, setup } from './helpers.js';

beforeEach(() => {
  vi.useFakeTimers({ now: START, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A BFF over the real service client, against a scripted stand-in of the service. */
function stack() {
  const service = createFakeService();
  const client = createServiceClient(clientOptions(service));
  return { service, ...setup({ client }) };
}

const submit = (key: string, body: unknown = loanApplication()) => ({
  body,
  headers: { 'Idempotency-Key': key },
});

describe('the BFF against the documented wire format', () => {
  it('B38: answers a submit the service answered with its id alone, and a retry with the key creates nothing more', async () => {
    const { service, send } = stack();
    service.setDefault('submitLoanApplication', () => json({ id: 'ln_only' }, 201));
    const first = await send('POST', '/loans', submit('apply-1'));
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ id: 'ln_only' });
    const retry = await send('POST', '/loans', submit('apply-1'));
    expect(retry.status).toBe(201);
    expect(retry.json).toEqual(first.json);
    expect(service.count('submitLoanApplication')).toBe(1);
    // The loan is the session's: its next read is allowed.
    service.setDefault('getLoan', () => json({ id: 'ln_only', status: 'NOT_YET_RATED' }));
    expect((await send('GET', '/loans/ln_only')).status).toBe(200);
  });

  it('sends the lender’s dwelling details on to the service, documented and new keys alike', async () => {
    const { service, send } = stack();
    const dwellingInfo = { exteriorWallType: 'Brick', fireplaces: 1, roofType: 'Tile' };
    const application = loanApplication({
      property: { ...loanApplication().property, dwellingInfo },
    });
    expect((await send('POST', '/loans', submit('apply-2', application))).status).toBe(201);
    const sent = JSON.parse(service.of('submitLoanApplication')[0]?.body ?? '{}');
    expect(sent.property.dwellingInfo).toEqual(dwellingInfo);
  });

  it('B39: refuses a privileged key inside dwellingInfo with a field error, sending nothing', async () => {
    const { service, send } = stack();
    const application = loanApplication({
      property: { ...loanApplication().property, dwellingInfo: { partnerId: 'other' } },
    });
    const res = await send('POST', '/loans', submit('apply-3', application));
    expect(res.status).toBe(400);
    expect(res.json.error.issues).toEqual([
      {
        path: 'property.dwellingInfo.partnerId',
        message: '"partnerId" is not a detail of the home that may be sent',
      },
    ]);
    expect(service.count('submitLoanApplication')).toBe(0);
  });

  it('takes current insurance as an object and answers the stored policies', async () => {
    const { service, send } = stack();
    const stored = {
      id: 'loan_a1',
      currentInsurancePolicies: [{ carrier: 'Acme', policyType: 'HO3', coverages: {} }],
    };
    service.setDefault('updateCurrentInsurance', () => json(stored));
    const res = await send('PUT', '/loans/loan_a1/current-insurance', {
      body: { currentInsurancePolicies: [{ carrier: 'Acme', policyType: 'HO3' }] },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual(stored);
    expect(JSON.parse(service.of('updateCurrentInsurance')[0]?.body ?? '{}')).toEqual({
      currentInsurancePolicies: [{ carrier: 'Acme', policyType: 'HO3' }],
    });
  });

  it('refuses the bare list of policies before anything is sent', async () => {
    const { service, send } = stack();
    const res = await send('PUT', '/loans/loan_a1/current-insurance', {
      body: [{ carrier: 'Acme' }],
    });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('validation_error');
    expect(service.count('updateCurrentInsurance')).toBe(0);
  });
});
