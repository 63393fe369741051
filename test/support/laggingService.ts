import { HttpResponse, http } from 'msw';
import type { Loan } from '../../src/core/index.js';
import { isQuoting } from '../../src/core/index.js';
import type { setupSandbox } from './insuranceHarness.js';

type Env = ReturnType<typeof setupSandbox>;

/** The BFF's shop answer echoes `status` (the reference's example echoes NOT_YET_RATED). */
export const shopEchoing = (env: Env, status = 'NOT_YET_RATED') =>
  http.patch('*/api/insurance/loans/:loanId/shop', async ({ request }) => {
    const answer = await env.bff.handler(request);
    return HttpResponse.json({ ...(await answer.json()), status }, { status: answer.status });
  });

/** Loan reads lag behind quoting: they say NOT_YET_RATED while the sandbox is quoting. */
export const laggingLoanReads = (env: Env) =>
  http.get('*/api/insurance/loans/:loanId', async ({ request }) => {
    const answer = await env.bff.handler(request);
    const loan = (await answer.json()) as Loan;
    return HttpResponse.json(isQuoting(loan.status) ? { ...loan, status: 'NOT_YET_RATED' } : loan, {
      status: answer.status,
    });
  });
