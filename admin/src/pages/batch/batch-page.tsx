import { useTranslate } from '@refinedev/core';
import { Button, Card, Col, Row, Steps, Typography } from 'antd';
import { useEffect } from 'react';
import { PageHeader } from '../../components/page-header';
import { GroupStep } from './group-step';
import { RenderStep } from './render-step';
import { SendStep } from './send-step';
import { TemplateStep } from './template-step';
import { UndecidedBatches } from './undecided-batches';
import { BATCH_STEPS, useBatchWizard } from './use-batch-wizard';

function Instructions() {
  const t = useTranslate();
  return (
    <Typography>
      <Typography.Paragraph>{t('Send one message to a group of users by mail, SMS or push notification.')}</Typography.Paragraph>
      <ol>
        <li>{t('Choose a dynamic group and check how many recipients it holds. Anonymous users are never included.')}</li>
        <li>{t('Select a template of the channel you want to use.')}</li>
        <li>{t("Check the rendered messages: every recipient's message is rendered on the server.")}</li>
        <li>{t('Send now or plan it. The server sends the batch: you may close this page, pause and resume it.')}</li>
      </ol>
    </Typography>
  );
}

/** Warns before the page is left while the batch renders or sends. */
function useLeaveWarning(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}

/** /company/batch: the five-step batch communication wizard (part 2 sections 2 and 4). */
export default function BatchPage() {
  const t = useTranslate();
  const wizard = useBatchWizard();
  useLeaveWarning(wizard.creating || wizard.batch?.runner === 'running');
  const { step, highest } = wizard;
  return (
    <>
      <PageHeader title={t('Sending batch communication')} />
      {step === 0 && <UndecidedBatches onOpen={wizard.open} />}
      <Row gutter={16}>
        <Col xs={24} md={6}>
          <Card>
            <div data-testid="wizard-steps" data-current={step}>
              <Steps direction="vertical" size="small" current={step} onChange={wizard.goTo}
                items={BATCH_STEPS.map((title, index) => ({ title: t(title), disabled: index > highest }))} />
            </div>
          </Card>
        </Col>
        <Col xs={24} md={18}>
          <Card title={t(BATCH_STEPS[step])}>
            {step === 0 && <Instructions />}
            {step === 1 && <GroupStep wizard={wizard} />}
            {step === 2 && <TemplateStep wizard={wizard} />}
            {step === 3 && <RenderStep wizard={wizard} />}
            {step === 4 && wizard.batch && <SendStep wizard={wizard} />}
            <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 24 }}>
              <Button disabled={step === 0} onClick={() => wizard.goTo(step - 1)}>{t('Back')}</Button>
              {step < 4 && <Button type="primary" data-testid="wizard-next" disabled={!wizard.canLeave} onClick={() => wizard.goTo(step + 1)}>{t('Next')}</Button>}
            </div>
          </Card>
        </Col>
      </Row>
    </>
  );
}
