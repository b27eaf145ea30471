import { canWriteField, type CompanyProfileAnswer, effectiveRights, type FieldDef, fieldsByPath, getPath, PROFILE_SECTIONS, type ProfileSectionKey, setPath } from '@backoffice/resources';
import { useTranslate, useWarnAboutChange } from '@refinedev/core';
import { App, Button, Card, Col, Form, Input, Row, Switch } from 'antd';
import { useMemo, useState } from 'react';
import { fieldLabel, requireResource } from '../../definitions/screens';
import { FieldItem } from '../../generic/form/field-item';
import { bodyFromValues } from '../../generic/form/prepare-values';
import { isWide } from '../../generic/form/resource-form-fields';
import { useFormValidity } from '../../generic/form/use-form-validity';
import { api } from '../../providers/http';
import { useMe } from '../../providers/use-me';
import { KeyValueInput } from './key-value-input';
import { ALWAYS_ON, normalizeNameId, PROFILE_GROUPS } from './profile-groups';

type Doc = Record<string, unknown>;

export const UPDATE_FAILED = 'Could not update company';

/** The values of one tab: only the paths that tab owns. */
function sectionBody(key: ProfileSectionKey, values: Doc): Doc {
  const section = PROFILE_SECTIONS.find((candidate) => candidate.key === key)!;
  const body: Doc = {};
  for (const path of section.paths) {
    const value = getPath(values, path);
    if (value !== undefined) setPath(body, path, value);
  }
  return body;
}

/** One settings tab as real form controls, grouped in cards, saved on its own. */
export function SettingsForm({ section, company, onSaved }: { section: ProfileSectionKey; company: Doc; onSaved: (answer: CompanyProfileAnswer) => void }) {
  const t = useTranslate();
  const me = useMe();
  const { message } = App.useApp();
  const { setWarnWhen } = useWarnAboutChange();
  const [form] = Form.useForm<Doc>();
  const [saving, setSaving] = useState(false);
  const { invalid, onFieldsChange } = useFormValidity(form);
  const def = requireResource('company');
  const fields = useMemo(() => fieldsByPath(def), [def]);
  const rights = useMemo(() => effectiveRights(me?.rights ?? []), [me]);
  const initialValues = useMemo(() => {
    const values = structuredClone(company);
    if (section === 'general') setPath(values, ALWAYS_ON, true);
    return values;
  }, [company, section]);
  const disabled = (field: FieldDef) => !canWriteField(field, rights);

  const item = (path: string) => {
    const field = fields.get(path);
    if (!field) return null;
    const name = path.split('.');
    const label = t(fieldLabel(field, path));
    if (field.kind === 'object' && field.open) {
      return <Form.Item name={name} label={label}><KeyValueInput label={path} /></Form.Item>;
    }
    if (path === 'name.id') {
      return <Form.Item name={name} label={label} normalize={normalizeNameId} rules={[{ required: true, message: t('Please enter a name id') }]} data-testid="field-name.id"><Input aria-label={label} /></Form.Item>;
    }
    if (path === ALWAYS_ON) {
      return <Form.Item name={name} label={label} valuePropName="checked" data-testid={`field-${path}`}><Switch disabled /></Form.Item>;
    }
    return <FieldItem model="company" field={field} name={name} fullPath={path} disabled={disabled} />;
  };

  const save = async () => {
    const values = await form.validateFields().then(() => form.getFieldsValue(true) as Doc);
    setSaving(true);
    try {
      const body = bodyFromValues(def, sectionBody(section, values), me?.rights ?? []);
      const { data } = await api<CompanyProfileAnswer>(`/api/company/profile/${section}`, { method: 'PATCH', body });
      setWarnWhen(false);
      message.success(t('Successfully saved'));
      onSaved(data);
    } catch (error) {
      message.error({ content: `${t(UPDATE_FAILED)}: ${(error as { message?: string }).message ?? ''}` });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" initialValues={initialValues} onValuesChange={() => setWarnWhen(true)} onFieldsChange={onFieldsChange} data-testid={`settings-${section}`}>
      {PROFILE_GROUPS[section].map((group) => (
        <Card key={group.title} size="small" title={t(group.title)} style={{ marginBottom: 16 }}>
          <Row gutter={24}>
            {group.paths.map((path) => {
              const field = fields.get(path);
              return <Col key={path} xs={24} md={field && !isWide(field) && !field.open ? 12 : 24}>{item(path)}</Col>;
            })}
          </Row>
        </Card>
      ))}
      <Button type="primary" loading={saving} disabled={invalid} onClick={() => void save().catch(() => undefined)}>{t('buttons.save')}</Button>
    </Form>
  );
}
