import { CHANNEL_SERVICE, templateKind } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { Alert, Radio, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useServiceOff } from '../../components/service-off';
import { namedRecords, type NamedRecord } from './batch-api';
import type { BatchWizard } from './use-batch-wizard';

const CHANNELS = [{ value: 'mail', label: 'Email' }, { value: 'notification', label: 'Notification' }, { value: 'sms', label: 'SMS' }] as const;

/** Select template: the templates of the chosen channel, and the way to make a new one. */
export function TemplateStep({ wizard }: { wizard: BatchWizard }) {
  const t = useTranslate();
  const [templates, setTemplates] = useState<NamedRecord[]>([]);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    namedRecords('template').then(setTemplates, () => setFailed(true));
  }, []);
  const ofKind = templates.filter((template) => templateKind(template.format ?? '') === wizard.kind);
  const off = { mail: useServiceOff(CHANNEL_SERVICE.mail), notification: useServiceOff(CHANNEL_SERVICE.notification), sms: useServiceOff(CHANNEL_SERVICE.sms) };
  const channelOff = off[wizard.kind as keyof typeof off];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Radio.Group optionType="button" value={wizard.kind} onChange={(event) => wizard.setTemplate(null, event.target.value)}
        options={CHANNELS.map((channel) => ({ value: channel.value, label: t(channel.label), disabled: !!off[channel.value], title: off[channel.value] ?? undefined }))} />
      {channelOff && <Alert type="warning" showIcon message={channelOff} data-testid="channel-off" />}
      <Select data-testid="template-select" showSearch optionFilterProp="label" style={{ width: 360 }} placeholder={t('Choose a template')}
        value={wizard.templateId ?? undefined} onChange={(id) => wizard.setTemplate(id, wizard.kind)}
        options={ofKind.map((template) => ({ value: template._id, label: template.name?.full ?? template._id }))} />
      <Link to="/company/template/create/edit">{t('Create a new template')}</Link>
      {failed && <Alert type="error" showIcon message={t('Could not select an e-mail')} />}
    </Space>
  );
}
