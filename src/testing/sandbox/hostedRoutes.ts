import { isValidId } from '../../core/ids.js';
import type { LoanPolicyTerms } from './addLoanPolicy.js';
import { addLoanPolicy } from './addLoanPolicy.js';
import { carrierLogoSvg } from './hosted/carrierLogoSvg.js';
import { documentPdf } from './hosted/documentPdf.js';
import { hostedPageCsp } from './hosted/hostedPageCsp.js';
import { htmlResponse } from './hosted/htmlResponse.js';
import { renderContactPage } from './hosted/renderContactPage.js';
import { renderDisplayPage } from './hosted/renderDisplayPage.js';
import { renderMessagePage } from './hosted/renderMessagePage.js';
import { renderRetrievalDone } from './hosted/renderRetrievalDone.js';
import { renderRetrievalPage } from './hosted/renderRetrievalPage.js';
import { HOSTED_PREFIX, hostedUrl } from './hostedUrl.js';
import { recommendedQuotes } from './loanOperations.js';
import type { RetrievalUser } from './retrievalUsers.js';
import { RETRIEVAL_USERS } from './retrievalUsers.js';
import { SANDBOX_CARRIERS } from './sandboxCarriers.js';
import { homeCoverages, supplementalCoverages } from './sandboxCoverages.js';
import type { SandboxRuntime } from './sandboxRuntime.js';
import { sandboxToday } from './sandboxToday.js';
import type { SandboxLoan, SandboxRetrieval } from './sandboxTypes.js';

export { RETRIEVAL_USERS } from './retrievalUsers.js';

const DAY = 24 * 3600 * 1000;
/** How long before its cancellation a retrieved cancelled policy took effect. */
const CANCELLED_POLICY_AGE_DAYS = 180;

const notFound = () =>
  htmlResponse(renderMessagePage('Not found', 'This page does not exist.'), 404);

/** The policies a retrieval user's carrier account holds, retrieved on `today`. */
function retrievedPolicySpecs(
  user: RetrievalUser,
  loan: SandboxLoan,
  carrier: string,
  today: string,
): LoanPolicyTerms[] {
  const base = { carrier, effectiveDate: today };
  const dwelling = Math.max(
    200_000,
    Math.round(((loan.wire.loanAmount ?? 300_000) * 1.1) / 1000) * 1000,
  );
  const home: LoanPolicyTerms = {
    ...base,
    policyType: 'HO3',
    premium: user === 'user_good_expensive' ? 12_850 : 1_480,
    coverageMap: homeCoverages({
      dwelling,
      liability: 300_000,
      waterBackup: user === 'user_good_expensive',
      computers: false,
      hvac: false,
      mineSubsidence: false,
    }),
  };
  if (user === 'user_good_cancelled') {
    const effective = new Date(Date.parse(`${today}T00:00:00Z`) - CANCELLED_POLICY_AGE_DAYS * DAY);
    return [{ ...home, effectiveDate: effective.toISOString().slice(0, 10), cancelledOn: today }];
  }
  if (user !== 'user_good_flood') return [home];
  return [
    home,
    {
      ...base,
      policyType: 'FLOOD',
      premium: 690,
      coverageMap: supplementalCoverages('FLOOD', dwelling),
    },
  ];
}

async function handleRetrieval(
  rt: SandboxRuntime,
  request: Request,
  retrieval: SandboxRetrieval,
  action: string,
) {
  const loan = rt.loans.get(retrieval.loanId);
  if (!loan) return notFound();
  const carriers = SANDBOX_CARRIERS.map((c) => c.name);
  const done = () =>
    htmlResponse(
      renderRetrievalDone({
        policies: (retrieval.policyIds ?? []).flatMap((id) => {
          const p = rt.policies.get(id)?.wire;
          return p
            ? [
                {
                  carrier: p.carrier ?? '',
                  policyNumber: p.policyNumber ?? '',
                  policyType: p.policyType ?? '',
                },
              ]
            : [];
        }),
      }),
    );
  if (retrieval.policyIds) return done();
  if (request.method === 'GET') return htmlResponse(renderRetrievalPage({ action, carriers }));
  if (request.method !== 'POST')
    return htmlResponse(renderMessagePage('Not allowed', 'Use the form.'), 405);
  const form = await request.formData().catch(() => null);
  const carrier = String(form?.get('carrier') ?? '');
  const username = String(form?.get('username') ?? '').trim();
  const password = String(form?.get('password') ?? '');
  const user = RETRIEVAL_USERS.find((u) => u === username);
  if (!carriers.includes(carrier)) {
    const error = 'Choose your insurance carrier.';
    const page = renderRetrievalPage({ action, carriers, error, invalid: ['carrier'], username });
    return htmlResponse(page, 401);
  }
  if (!user || password !== rt.sandboxPassword) {
    // The carrier stays chosen: only the credentials are to be typed again.
    const error = 'We could not sign in to your carrier with that username and password.';
    const invalid = ['username', 'password'] as const;
    return htmlResponse(
      renderRetrievalPage({ action, carriers, error, invalid, carrier, username }),
      401,
    );
  }
  const today = sandboxToday(rt.clock);
  retrieval.policyIds = [];
  for (const spec of retrievedPolicySpecs(user, loan, carrier, today)) {
    retrieval.policyIds.push(addLoanPolicy(rt, loan, spec, 'policy.retrieved').wire.id);
  }
  return done();
}

async function handleDocument(
  rt: SandboxRuntime,
  url: URL,
  docId: string,
  verify: (docId: string, expires: string, signature: string) => Promise<boolean>,
) {
  const doc = rt.documents.get(docId);
  const expires = url.searchParams.get('Expires') ?? '';
  const signature = url.searchParams.get('Signature') ?? '';
  const denied = (message: string) =>
    new Response(message, {
      status: 403,
      headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' },
    });
  if (!doc || !/^\d{1,12}$/.test(expires) || !(await verify(docId, expires, signature))) {
    return denied('Signature does not match');
  }
  if (Number(expires) * 1000 <= rt.clock.now()) return denied('Request has expired');
  const policy = rt.policies.get(doc.policyId)?.wire;
  const bytes = documentPdf({
    title: `${doc.name} (sandbox)`,
    lines: [
      `Policy number: ${policy?.policyNumber ?? ''}`,
      `Carrier: ${policy?.carrier ?? ''}`,
      `Policy type: ${policy?.policyType ?? ''}`,
      `Effective: ${policy?.effectiveDate ?? ''} to ${policy?.expirationDate ?? ''}`,
      `Annual premium: ${policy?.premium ?? ''} USD`,
      'This document was produced by the sandbox and is not evidence of real insurance.',
    ],
  });
  return new Response(bytes, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${doc.type}.pdf"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/**
 * Serves the sandbox's hosted pages: quote display (`/sandbox/display/{loanId}`, short form
 * `/sandbox/s/{code}`), contact page, retrieval (`/sandbox/retrieve/{token}`), carrier logos and
 * signed policy documents (`/sandbox/documents/{id}?Expires=…&Signature=…`). Which origin may
 * ask for which is the caller's to decide (logos and documents live on the asset origin).
 */
export async function handleHostedRequest(
  rt: SandboxRuntime,
  request: Request,
  verifyDocumentSignature: (docId: string, expires: string, signature: string) => Promise<boolean>,
): Promise<Response> {
  const response = await answerHosted(rt, request, verifyDocumentSignature);
  // The quote page shows carrier logos, which live on the asset origin: its images are allowed.
  if (response.headers.has('Content-Security-Policy')) {
    response.headers.set('Content-Security-Policy', hostedPageCsp(rt.assetOrigin));
  }
  return response;
}

async function answerHosted(
  rt: SandboxRuntime,
  request: Request,
  verifyDocumentSignature: (docId: string, expires: string, signature: string) => Promise<boolean>,
): Promise<Response> {
  const url = new URL(request.url);
  const [kind, id, extra] = url.pathname.slice(HOSTED_PREFIX.length).split('/');
  if (extra !== undefined || !kind || !id) return notFound();
  if (kind === 'logos') {
    const carrier = SANDBOX_CARRIERS.find((c) => `${c.id}.svg` === id);
    if (!carrier) return notFound();
    return new Response(carrierLogoSvg(carrier), {
      headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400' },
    });
  }
  if (!isValidId(id)) return notFound();
  if (kind === 'documents') return handleDocument(rt, url, id, verifyDocumentSignature);
  if (kind === 'retrieve') {
    const retrieval = rt.retrievals.get(id);
    if (!retrieval || retrieval.expiresAt <= rt.clock.now()) {
      return htmlResponse(
        renderMessagePage('Link expired', 'Ask your lender for a new retrieval link.'),
        410,
      );
    }
    return handleRetrieval(rt, request, retrieval, url.pathname);
  }
  if (kind === 's') {
    const loanId = rt.shortCodes.get(id);
    if (!loanId) return notFound();
    return new Response(null, {
      status: 302,
      headers: { Location: hostedUrl('', 'display', loanId) },
    });
  }
  const loan = rt.loans.get(id);
  if (!loan) return notFound();
  if (kind === 'display') {
    return htmlResponse(
      renderDisplayPage({
        loanNumber: loan.wire.loanNumber,
        status: loan.wire.status,
        contactPageUrl: loan.wire.contactPageUrl ?? '',
        quotes: recommendedQuotes(loan).map((q) => ({
          id: q.id,
          carrierName: q.carrierName ?? '',
          carrierLogoUrl: q.carrierLogoUrl ?? '',
          policyType: String(q.policyType ?? ''),
          premium: q.premium ?? 0,
          monthlyPremium: q.monthlyPremium ?? 0,
          effectiveDate: q.effectiveDate ?? '',
          selected: q.selected,
        })),
      }),
    );
  }
  if (kind === 'contact') {
    const selected = loan.quotes.find((q) => q.id === loan.selectedQuoteId);
    return htmlResponse(
      renderContactPage({
        loanNumber: loan.wire.loanNumber,
        ...(selected
          ? { quote: { carrierName: selected.carrierName ?? '', premium: selected.premium ?? 0 } }
          : {}),
      }),
    );
  }
  return notFound();
}
