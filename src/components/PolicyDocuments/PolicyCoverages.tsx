import { humanizeKey } from '../../core/humanizeKey.js';
import type { PolicyCoverage } from '../../core/schemas/policy.js';
import { coverageRows } from '../shared/coverageRows.js';
import { useFormat } from '../shared/useFormat.js';
import { useMessages } from '../shared/useMessages.js';
import { policyDocumentsMessages } from './policyDocumentsMessages.js';
import { policyDocumentsTranslations } from './policyDocumentsTranslations.js';

/** Props of {@link PolicyCoverages}. */
export interface PolicyCoveragesProps {
  /** The policy's coverage maps (the service usually sends one). */
  coverages: readonly PolicyCoverage[] | undefined;
}

/**
 * A policy's coverages as a table per coverage map, each named "Coverages": the coverage's name
 * and its amount, or "Not included" when the policy excludes it. Nothing when there are none.
 */
export function PolicyCoverages({ coverages }: PolicyCoveragesProps) {
  const t = useMessages('policyDocuments', policyDocumentsMessages, policyDocumentsTranslations);
  const { money } = useFormat();
  const tables = (coverages ?? []).map(coverageRows).filter((rows) => rows.length > 0);
  return tables.map((rows, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the maps have no id; their order is the service's
    <table key={index} data-slot="coverages">
      <caption>
        {tables.length === 1
          ? t('coverages')
          : t('coveragesPart', { index: index + 1, count: tables.length })}
      </caption>
      <thead>
        <tr>
          <th scope="col">{t('coverage')}</th>
          <th scope="col">{t('limit')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} data-slot="coverage" data-included={row.included}>
            <th scope="row">{row.label ? t(row.label) : humanizeKey(row.key)}</th>
            <td>
              {!row.included
                ? t('notIncluded')
                : row.amount !== undefined
                  ? money(row.amount)
                  : t('included')}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  ));
}
