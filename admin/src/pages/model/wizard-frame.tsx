import type { ResourceDef } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { Card, Result, Steps } from 'antd';
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/page-header';
import { RefusedResult } from '../../components/refused-result';
import { listPath, pluralLabel } from '../../definitions/screens';

/** 'verkopers exporteren' → 'Verkopers exporteren': titles built from a lower-case model name. */
export const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Page header with the way back to the list, the step list and the current step's card. */
export function WizardFrame(props: { def: ResourceDef; title: string; crumb: string; steps: string[]; current: number; footer?: ReactNode; aside?: ReactNode; children: ReactNode }) {
  const t = useTranslate();
  const { def, title, crumb, steps, current, footer, aside, children } = props;
  return (
    <>
      <PageHeader title={title} crumbs={[{ label: t(pluralLabel(def)), to: listPath(def) }, { label: crumb }]} />
      <Card>
        <div data-testid="wizard-steps" data-current={current} style={{ marginBottom: 24 }}>
          <Steps size="small" current={current} items={steps.map((step) => ({ title: step }))} />
        </div>
        {children}
        {footer && <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, marginTop: 24, flexWrap: 'wrap' }}>{footer}</div>}
      </Card>
      {aside}
    </>
  );
}

/** Shown instead of a wizard the user may not use (the API refuses it as well). */
export function WizardRefused({ def }: { def?: ResourceDef }) {
  const t = useTranslate();
  return (
    <RefusedResult
      testId="wizard-refused"
      title={t('buttons.notAccessTitle')}
      subTitle={t('You do not have the right for this')}
      back={def && { to: listPath(def), label: t('Back to the list') }}
    />
  );
}

export function UnknownModel({ model }: { model: string }) {
  const t = useTranslate();
  return <Result status="404" title="modelname-not-found" subTitle={t('There is no model called {{model}}', { model })} />;
}
