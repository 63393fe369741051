import type { Quote } from '../../core/schemas/quote.js';
import { hostedUrl } from './hostedUrl.js';
import { hashString, seededRandom } from './prng.js';
import type { SandboxCarrier } from './sandboxCarriers.js';
import { SANDBOX_CARRIERS } from './sandboxCarriers.js';
import { homeCoverages } from './sandboxCoverages.js';
import type { SandboxLoan } from './sandboxTypes.js';

const DAY = 24 * 3600 * 1000;
const round2 = (n: number) => Math.round(n * 100) / 100;
const roundTo = (n: number, step: number) => Math.round(n / step) * step;

/**
 * The quotes of a shopping round. They depend only on what the lender submitted (loan number,
 * ZIP code, amount) and the round, so the same application always gets the same quotes. Every
 * quote carries all ten documented coverage keys, its deductibles and its endorsements; carrier
 * logos are on `assetOrigin`.
 */
export function generateQuotes(
  loan: SandboxLoan,
  round: number,
  now: number,
  assetOrigin: string,
): Quote[] {
  const w = loan.wire;
  const seed = hashString(
    `${w.loanNumber}|${w.property.address.zip}|${w.loanAmount ?? ''}|${round}`,
  );
  const random = seededRandom(seed);
  const dwelling = roundTo(Math.max(150_000, (w.loanAmount ?? 320_000) * 1.15), 1000);
  const effectiveDate = w.closingDate ?? new Date(now + 30 * DAY).toISOString().slice(0, 10);
  const shuffled = [...SANDBOX_CARRIERS];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j] as SandboxCarrier, shuffled[i] as SandboxCarrier];
  }
  const carriers = shuffled.slice(0, 4 + Math.floor(random() * 3));
  return carriers.map((carrier, index) => {
    const policyType = random() < 0.7 ? 'HO3' : 'HO5';
    const dwellingDeductible = [1000, 2500, 5000][Math.floor(random() * 3)] ?? 1000;
    const premium = roundTo(
      dwelling * (0.0032 + random() * 0.0028) * (policyType === 'HO5' ? 1.12 : 1),
      1,
    );
    const waterBackup = random() < 0.5;
    const liability = random() < 0.5 ? 300_000 : 500_000;
    // The optional extras draw from a stream of their own, keyed by the quote's place.
    const extras = seededRandom(hashString(`${seed}|extras|${index}`));
    return {
      id: `q${round}_${index}_${(seed % 1_000_000).toString(36)}`,
      carrierId: carrier.id,
      carrierName: carrier.name,
      carrierLogoUrl: hostedUrl(assetOrigin, 'logos', `${carrier.id}.svg`),
      agentBridgeLink: hostedUrl(loan.origin, 'contact', w.id),
      policyType,
      premium,
      monthlyPremium: round2(premium / 12),
      effectiveDate,
      coverages: homeCoverages({
        dwelling,
        liability,
        waterBackup,
        computers: extras() < 0.4,
        hvac: extras() < 0.3,
        mineSubsidence: extras() < 0.1,
      }),
      deductibles: {
        dwelling: { included: true, amount: dwellingDeductible },
        wind: { included: random() < 0.6, amount: roundTo(dwelling * 0.01, 100) },
      },
      endorsements: {
        floodZone: { included: random() < 0.15 },
        swimmingPool: { included: random() < 0.2 },
      },
    };
  });
}
