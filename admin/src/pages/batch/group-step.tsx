import type { GroupOption } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { Alert, Button, Input, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { batchApi, namedRecords, type NamedRecord } from './batch-api';
import type { BatchWizard } from './use-batch-wizard';

const MODEL_OF: Record<string, string> = { event: 'event', timeslot: 'timeslot', product: 'product' };

/** Dynamic group: the options the user may use (the API refuses the others too), a value where needed, and the count. */
export function GroupStep({ wizard }: { wizard: BatchWizard }) {
  const t = useTranslate();
  const [options, setOptions] = useState<GroupOption[]>([]);
  const [optionId, setOptionId] = useState<string | undefined>(wizard.group?.option);
  const [value, setValue] = useState<string>(wizard.group?.value ?? '');
  const [records, setRecords] = useState<NamedRecord[]>([]);
  const [error, setError] = useState<{ message: string; reason?: string } | null>(null);
  const [counting, setCounting] = useState(false);
  const option = options.find((candidate) => candidate.id === optionId);

  useEffect(() => {
    batchApi.groupOptions().then(setOptions, () => setOptions([]));
  }, []);
  useEffect(() => {
    const model = option?.parameter && MODEL_OF[option.parameter];
    setRecords([]);
    if (model) namedRecords(model).then(setRecords, () => setRecords([]));
  }, [option?.parameter]);

  const count = async () => {
    if (!optionId) return;
    const group = { option: optionId, ...(option?.parameter && { value }) };
    setCounting(true);
    setError(null);
    try {
      wizard.setGroup(group, await batchApi.count(group));
    } catch (failure) {
      const { message, apiErrors } = failure as { message: string; apiErrors?: { message: string }[] };
      setError({ message, reason: apiErrors?.[0]?.message });
      wizard.setGroup(null, null);
    } finally {
      setCounting(false);
    }
  };

  const sections = [...new Set(options.map((candidate) => candidate.section))];
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Select
        data-testid="group-option"
        showSearch
        optionFilterProp="label"
        style={{ width: 360 }}
        placeholder={t('Choose a group')}
        value={optionId}
        onChange={(next) => { setOptionId(next); setValue(''); setError(null); wizard.setGroup(null, null); }}
        options={sections.map((section) => ({ label: t(section), options: options.filter((candidate) => candidate.section === section).map((candidate) => ({ value: candidate.id, label: t(candidate.label) })) }))}
      />
      {option?.parameter && MODEL_OF[option.parameter] && (
        <Select data-testid="group-value" showSearch optionFilterProp="label" style={{ width: 360 }} placeholder={t('Choose')} value={value || undefined} onChange={setValue}
          options={records.map((record) => ({ value: record._id, label: record.name?.full ?? t('(no name)') }))} />
      )}
      {option?.parameter === 'tagState' && <Input data-testid="group-value" style={{ width: 360 }} placeholder={t('Tag state')} value={value} onChange={(event) => setValue(event.target.value)} />}
      {(option?.parameter === 'json' || option?.parameter === 'csv') && (
        <Input.TextArea data-testid="group-value" rows={8} value={value} onChange={(event) => setValue(event.target.value)}
          placeholder={option.parameter === 'json' ? '[{"name": "…", "email": "…", "language": "en"}]' : 'name,email,language,mobile'} />
      )}
      <Space>
        <Button data-testid="group-count" onClick={count} loading={counting} disabled={!optionId || (!!option?.parameter && !value.trim())}>{t('Count recipients')}</Button>
        {wizard.count !== null && <Typography.Text data-testid="group-size" strong>{t('{{count}} recipients', { count: wizard.count })}</Typography.Text>}
      </Space>
      {error && <Alert type="warning" showIcon message={t(error.message)} description={error.reason && t(error.reason)} data-testid="group-error" />}
    </Space>
  );
}
