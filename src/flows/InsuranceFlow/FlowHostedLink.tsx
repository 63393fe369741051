import { isSafeLinkUrl } from '../../core/isSafeLinkUrl.js';
import type { FlowPartProps } from './FlowPartProps.js';

/**
 * The service's own page for this application (its contact page, else its hosted quotes), when
 * the URL is safe to follow: always a way forward, even when nothing else works here.
 */
export function FlowHostedLink({ flow, t }: FlowPartProps) {
  const loan = flow.loan;
  const url = [loan?.contactPageUrl, loan?.shortHostedDisplayUrl, loan?.hostedDisplayUrl].find(
    isSafeLinkUrl,
  );
  if (!url) return null;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      data-slot="hosted"
      onClick={() => flow.track('HOSTED_PAGE_OPENED')}
    >
      {t('hostedPage')} <span data-slot="new-tab">{t('newTab')}</span>
    </a>
  );
}
