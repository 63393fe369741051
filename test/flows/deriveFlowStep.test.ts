import { describe, expect, it } from 'vitest';
import type { FlowFacts } from '../../src/flows/index.js';
import { deriveFlowStep } from '../../src/flows/index.js';

const read = (facts: Partial<FlowFacts>): FlowFacts => ({
  loanId: 'ln_1',
  status: 'NOT_YET_RATED',
  loanRead: true,
  loanFailed: false,
  coverage: 'none',
  path: undefined,
  consented: false,
  closedHere: false,
  ...facts,
});

describe('deriveFlowStep', () => {
  it('starts with the application form without a loan application', () => {
    expect(deriveFlowStep(read({ loanId: undefined }))).toBe('application');
  });

  it('waits for the loan before deciding, and says when it cannot be read', () => {
    expect(deriveFlowStep(read({ loanRead: false, status: undefined }))).toBe('loading');
    expect(deriveFlowStep(read({ loanFailed: true, status: undefined }))).toBe('unavailable');
  });

  it('offers the choice of paths for a new application, then consent, then quoting', () => {
    expect(deriveFlowStep(read({}))).toBe('choose');
    expect(deriveFlowStep(read({ path: 'shop' }))).toBe('consent');
    expect(deriveFlowStep(read({ path: 'shop', consented: true }))).toBe('quoting');
    expect(deriveFlowStep(read({ path: 'existing' }))).toBe('retrieval');
  });

  it.each([
    ['RC1_RATING', 'quoting'],
    ['RC2_RATING', 'quoting'],
    ['RC1_RATED', 'quotes'],
    ['RC2_RATED', 'quotes'],
    ['RC1_ERRORED', 'quotingFailed'],
    ['CLOSED_LOST', 'closed'],
    ['CLOSED_WON', 'covered'],
  ])('resumes from the loan status %s at %s, whatever this visit did', (status, step) => {
    expect(deriveFlowStep(read({ status }))).toBe(step);
  });

  it('lets a borrower whose quoting failed share an existing policy instead', () => {
    expect(deriveFlowStep(read({ status: 'RC1_ERRORED', path: 'existing' }))).toBe('retrieval');
  });

  it('puts a policy in force above everything else, and a lapsed one apart', () => {
    expect(deriveFlowStep(read({ status: 'RC1_RATED', coverage: 'covered' }))).toBe('covered');
    expect(deriveFlowStep(read({ loanRead: false, coverage: 'covered' }))).toBe('covered');
    expect(deriveFlowStep(read({ status: 'CLOSED_WON', coverage: 'lapsed' }))).toBe('lapsed');
    expect(deriveFlowStep(read({ coverage: 'lapsed', path: 'existing' }))).toBe('retrieval');
    expect(deriveFlowStep(read({ coverage: 'loading' }))).toBe('loading');
  });

  it('shows the application closed once the borrower closed it here', () => {
    expect(deriveFlowStep(read({ status: 'RC1_RATED', closedHere: true }))).toBe('closed');
  });

  it('treats a status a later service version adds as a new application', () => {
    expect(deriveFlowStep(read({ status: 'RC3_SOMETHING' }))).toBe('choose');
  });
});
