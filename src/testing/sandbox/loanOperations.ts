import type { InferOutput } from 'valibot';
import { ConsentRequiredError } from '../../core/errors/ConsentRequiredError.js';
import { NotFoundError } from '../../core/errors/NotFoundError.js';
import { ServiceError } from '../../core/errors/ServiceError.js';
import { canShop, isClosed, isRated } from '../../core/loanStatus.js';
import type { CloseLoanInput } from '../../core/schemas/closeLoanInput.js';
import type { ConsentInput } from '../../core/schemas/consentInput.js';
import type { ConsentRecord } from '../../core/schemas/consentRecord.js';
import type { CurrentInsuranceInputSchema } from '../../core/schemas/currentInsuranceInput.js';
import type { LoanApplicationRequest } from '../../core/schemas/loanApplicationInput.js';
import type { LoanContact } from '../../core/schemas/loanContact.js';
import { LOAN_OFFICER_ROLE } from '../../core/schemas/loanContact.js';
import type { Quote } from '../../core/schemas/quote.js';
import { findLoan } from './findLoan.js';
import { hostedUrl } from './hostedUrl.js';
import { loanClosedError } from './loanClosedError.js';
import { randomId } from './randomId.js';
import { json } from './sandboxResponses.js';
import type { SandboxOperation, SandboxRuntime } from './sandboxRuntime.js';
import type { SandboxLoan, SandboxLoanWire } from './sandboxTypes.js';
import { startQuoting } from './shopping.js';
import { storeCurrentInsurance } from './storeCurrentInsurance.js';

const RECOMMENDED = 3;

const shopView = (loan: SandboxLoan) => ({
  id: loan.wire.id,
  loanId: loan.wire.loanNumber,
  status: loan.wire.status,
  hostedDisplayUrl: loan.wire.hostedDisplayUrl,
  contactPageUrl: loan.wire.contactPageUrl ?? null,
  shortHostedDisplayUrl: loan.wire.shortHostedDisplayUrl ?? null,
});

/** The recommended quotes: the cheapest few, plus the selected one if it is not among them. */
export function recommendedQuotes(loan: SandboxLoan): Array<Quote & { selected: boolean }> {
  const cheapest = [...loan.quotes]
    .sort((a, b) => (a.premium ?? 0) - (b.premium ?? 0))
    .slice(0, RECOMMENDED);
  const selected = loan.quotes.find((q) => q.id === loan.selectedQuoteId);
  const list = selected && !cheapest.includes(selected) ? [...cheapest, selected] : cheapest;
  return list.map((q) => ({ ...q, selected: q.id === loan.selectedQuoteId }));
}

function recordConsentOf(kind: 'consent' | 'generalConsent' | 'tcpaConsent'): SandboxOperation {
  return (rt, req) => {
    const input = req.body as ConsentInput;
    const loan = findLoan(rt, req.partner, input.id);
    const primary = loan.wire.borrowers.find((b) => b.isPrimary);
    const record: ConsentRecord = {
      consent: true,
      // The documented shape has no zone designator.
      consentDateTime: new Date(rt.clock.now()).toISOString().slice(0, 19),
      id: loan.wire.id,
      termsOfServiceId: input.termsOfServiceId,
      email: input.email ?? primary?.email ?? undefined,
      phone: input.phone ?? primary?.phone ?? undefined,
    };
    loan[kind] = record;
    return json(record);
  };
}

function createLoan(
  rt: SandboxRuntime,
  input: LoanApplicationRequest,
  req: Parameters<SandboxOperation>[1],
) {
  const id = randomId('ln');
  const shortCode = randomId('s', 6).slice(2);
  const wire = {
    ...(input as object),
    id,
    externalId: input.externalId ?? input.loanNumber,
    status: 'NOT_YET_RATED',
    currentInsurancePolicies: storeCurrentInsurance(input.currentInsurancePolicies ?? []),
    hostedDisplayUrl: '',
    shortHostedDisplayUrl: null,
    contactPageUrl: hostedUrl(req.origin, 'contact', id),
    closingDate: input.closingDate ?? null,
    loanAmount: input.loanAmount ?? null,
    loanOfficer: input.loanOfficer ?? null,
    loanPurpose: input.loanPurpose ?? null,
    loanType: input.loanType ?? null,
  } as SandboxLoanWire;
  const loan: SandboxLoan = {
    wire,
    partner: req.partner,
    origin: req.origin,
    shortCode,
    consent: null,
    generalConsent: null,
    tcpaConsent: null,
    quotes: [],
    selectedQuoteId: null,
    contacts: input.loanOfficer ? [{ role: LOAN_OFFICER_ROLE, ...input.loanOfficer }] : [],
    externalInsurance: null,
    cancelQuoting: null,
    policyIds: [],
  };
  rt.loans.set(id, loan);
  rt.shortCodes.set(shortCode, id);
  return loan;
}

/** Loan application operations of the sandbox. */
export const loanOperations = {
  submitLoanApplication: (rt, req) => {
    const loan = createLoan(rt, req.body as LoanApplicationRequest, req);
    return json(loan.wire, 201);
  },
  getLoan: (rt, req) => json(findLoan(rt, req.partner, req.params.loanId).wire),
  recordConsent: recordConsentOf('consent'),
  recordGeneralConsent: recordConsentOf('generalConsent'),
  recordTcpaConsent: recordConsentOf('tcpaConsent'),
  shopLoan: (rt, req) => {
    const loan = findLoan(rt, req.partner, req.params.loanId);
    if (isClosed(loan.wire.status)) throw loanClosedError();
    if (!loan.consent && !loan.generalConsent) throw new ConsentRequiredError('consent');
    const before = loan.wire.status;
    // Shopping a loan that is already being quoted starts nothing new.
    if (canShop(before)) startQuoting(rt, loan);
    // As in the reference's example, the answer echoes the status the loan had when the call
    // came in (`NOT_YET_RATED` on a first shop); every read shows the live status.
    return json({ ...shopView(loan), status: before });
  },
  getShoppedLoan: (rt, req) => {
    const loan = findLoan(rt, req.partner, req.params.loanId);
    return json({ ...shopView(loan), quotes: loan.quotes });
  },
  getQuoteDisplay: (rt, req) => {
    const loan = findLoan(rt, req.partner, req.params.loanId);
    return json({
      ...shopView(loan),
      quotes: recommendedQuotes(loan),
      selectedQuoteId: loan.selectedQuoteId,
    });
  },
  selectQuote: (rt, req) => {
    const loan = findLoan(rt, req.partner, req.params.loanId);
    if (isClosed(loan.wire.status)) throw loanClosedError();
    if (!isRated(loan.wire.status)) {
      throw new ServiceError(409, 'not_rated', 'The loan application has no quotes to select yet');
    }
    if (!loan.quotes.some((q) => q.id === req.params.quoteId))
      throw new NotFoundError('Quote not found');
    loan.selectedQuoteId = req.params.quoteId ?? null;
    return json({ quoteId: loan.selectedQuoteId, success: true });
  },
  closeLoan: (rt, req) => {
    const loan = findLoan(rt, req.partner, req.params.loanId);
    if (loan.wire.status === 'CLOSED_WON') throw loanClosedError();
    loan.cancelQuoting?.();
    loan.cancelQuoting = null;
    loan.wire.status = 'CLOSED_LOST';
    loan.externalInsurance = (req.body as CloseLoanInput | undefined)?.externalInsurance ?? null;
    return json({ success: true });
  },
  updateLoanContacts: (rt, req) => {
    const loan = findLoan(rt, req.partner, req.params.loanId);
    const contacts = req.body as LoanContact[];
    loan.contacts = contacts;
    const officer = contacts.find((c) => c.role.toLowerCase() === LOAN_OFFICER_ROLE.toLowerCase());
    loan.wire.loanOfficer = officer
      ? {
          firstName: officer.firstName,
          lastName: officer.lastName,
          email: officer.email,
          phone: officer.phone ?? '',
        }
      : null;
    return new Response(null, { status: 204 });
  },
  updateCurrentInsurance: (rt, req) => {
    const loan = findLoan(rt, req.partner, req.params.loanId);
    // Validated by the operation's input schema before this runs.
    const input = req.body as InferOutput<typeof CurrentInsuranceInputSchema>;
    loan.wire.currentInsurancePolicies = storeCurrentInsurance(input.currentInsurancePolicies);
    return json({ id: loan.wire.id, currentInsurancePolicies: loan.wire.currentInsurancePolicies });
  },
} satisfies Record<string, SandboxOperation>;
