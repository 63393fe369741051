import type { FlowPartProps } from './FlowPartProps.js';

/** Shop for a new policy, or share one the borrower already has. */
export function FlowChoose({ flow, t, settings }: FlowPartProps) {
  const { lenderName } = settings;
  return (
    <>
      <p>{t('chooseLead', { lenderName })}</p>
      <div data-slot="choices">
        <button type="button" data-slot="choice" onClick={() => flow.choosePath('shop')}>
          <strong>{t('chooseShop')}</strong>
          <span>{t('chooseShopHint')}</span>
        </button>
        <button type="button" data-slot="choice" onClick={() => flow.choosePath('existing')}>
          <strong>{t('chooseExisting')}</strong>
          <span>{t('chooseExistingHint')}</span>
        </button>
      </div>
    </>
  );
}
