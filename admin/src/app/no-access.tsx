import type { Right } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { RefusedResult } from '../components/refused-result';

/** The 'no access' state of a page, naming the rights that would open it. */
export default function NoAccess({ rights }: { rights: readonly Right[] }) {
  const t = useTranslate();
  return (
    <RefusedResult
      testId="no-access"
      title={t('You do not have access to this page')}
      subTitle={t('This page needs the {{rights}} right.', { rights: rights.join(` ${t('or')} `) })}
      back={{ to: '/company', label: t('pages.error.backHome'), primary: true }}
    />
  );
}
