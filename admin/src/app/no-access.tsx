import type { Right } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { Button, Result } from 'antd';
import { Link } from 'react-router';

/** The 'no access' state of a page, naming the rights that would open it. */
export default function NoAccess({ rights }: { rights: readonly Right[] }) {
  const t = useTranslate();
  return (
    <div data-testid="no-access">
      <Result
        status="403"
        title={t('You do not have access to this page')}
        subTitle={t('This page needs the {{rights}} right.', { rights: rights.join(` ${t('or')} `) })}
        extra={
          <Link to="/company">
            <Button type="primary">{t('pages.error.backHome')}</Button>
          </Link>
        }
      />
    </div>
  );
}
