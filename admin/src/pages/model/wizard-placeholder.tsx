import { useTranslate } from '@refinedev/core';
import { Button, Result } from 'antd';
import { Link, useLocation, useParams } from 'react-router';
import { findResource } from '@backoffice/resources';
import { listPath } from '../../definitions/screens';

/** The export, import and patch wizards (spec part 2) register these routes; until then this page explains. */
export default function WizardPlaceholder() {
  const t = useTranslate();
  const { model = '' } = useParams();
  const { pathname } = useLocation();
  const def = findResource(model);
  const kind = pathname.endsWith('/export') ? 'Export' : pathname.includes('/patch') ? 'Patch' : 'Import';
  return (
    <Result
      status="info"
      title={`${t(kind)}: ${def ? t(def.labelPlural ?? def.label) : model}`}
      subTitle={t('This wizard is not available yet.')}
      extra={def && <Link to={listPath(def)}><Button>{t('Back to the list')}</Button></Link>}
    />
  );
}
