import { SaveOutlined, SendOutlined } from '@ant-design/icons';
import { CHANNEL_SERVICE, COMPANY_LEVEL_TRIGGERS, type Doc, TEMPLATE_FORMAT_LABELS, TEMPLATE_TRIGGERS, TRIGGERS_WITHOUT_CAUSE, templateKind } from '@backoffice/resources';
import { type HttpError, useTranslate } from '@refinedev/core';
import { Alert, App, Button, Card, Col, Form, Input, Row, Select, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { NeedsService } from '../../components/service-off';
import { SAVE_ERROR } from '../../definitions/messages';
import { requireResource } from '../../definitions/screens';
import { useGuardedForm } from '../../generic/form/use-guarded-form';
import { RecordHistory } from '../../generic/history/record-history';
import type { ApiFieldError } from '../../providers/http';
import { useMe } from '../../providers/use-me';
import { decodePreset, sendPreview, type TemplateForm } from './communication-api';
import { NotificationDataInput } from './notification-data-input';
import { TemplatePreview } from './template-preview';
import { LIMITS, SMS_PRICE_CENTS } from './template-kinds';
import { useLivePreview } from './use-live-preview';

const BACK = '/company/template';
const SUBJECT_HELP = 'Longer e-mail subjects will not be readable on all devices';

/**
 * Template edit at /company/template/{id}/edit and /company/template/create/edit (`?template=` a preset):
 * About, Settings (trigger), the English content card with the spec's limits and 'Send preview', and a live preview
 * beside it. The Dutch texts stay in the form (hidden) so saving keeps them.
 */
export default function TemplateEdit() {
  const t = useTranslate();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const me = useMe();
  const [params] = useSearchParams();
  const { id = 'create' } = useParams();
  const isCreate = id === 'create';
  const preset = useMemo(() => decodePreset(params.get('template')), [params]);
  const [otherErrors, setOtherErrors] = useState<ApiFieldError[]>([]);
  const [sending, setSending] = useState(false);
  const { formProps, form, save: sendForm, invalid, recheckValidity, formLoading, query } = useGuardedForm({
    resource: 'template',
    id,
    leaveGuard: true,
    onSaved: () => navigate(BACK),
    onApiErrors: (apiErrors) => {
      form.setFields(apiErrors.map((entry) => ({ name: entry.field.split('.'), errors: [entry.message] })));
      setOtherErrors(apiErrors.filter((entry) => !/^(name|format|role|subject|content|footer|data)\b/.test(entry.field)));
    },
  });
  useEffect(() => {
    if (isCreate) form.setFieldsValue((preset ?? { format: 'communication-mail-html-modern-2021' }) as never);
  }, [isCreate, preset, form]);
  const values = Form.useWatch([], { form, preserve: true }) as unknown as TemplateForm | undefined;
  const kind = templateKind(values?.format ?? '') ?? 'mail';
  const { preview, error } = useLivePreview(form, values, recheckValidity);
  const isSuper = (me?.rights ?? []).includes('super');
  const currentRole = query?.data?.data?.role as string | undefined;
  const triggers = Object.entries(TEMPLATE_TRIGGERS)
    .filter(([role]) => isSuper || !COMPANY_LEVEL_TRIGGERS.includes(role) || role === currentRole)
    .map(([role, label]) => ({ value: role, label: t(label), disabled: !isSuper && COMPANY_LEVEL_TRIGGERS.includes(role) }));

  const save = (doc: Doc) => {
    setOtherErrors([]);
    const { _id: _ignored, ...body } = doc as Doc & { _id?: string };
    return sendForm({ ...body, role: body.role ?? null });
  };
  const send = async () => {
    setSending(true);
    try {
      const answer = await sendPreview({ ...(form.getFieldsValue(true) as TemplateForm), ...(isCreate ? {} : { _id: id }) });
      message.success(answer.message);
    } catch (failure) {
      message.error((failure as HttpError).message);
    } finally {
      setSending(false);
    }
  };
  const limit = (max: number | undefined, text: string | undefined) => (max ? { maxLength: max, showCount: true, status: (text?.length ?? 0) > max ? ('error' as const) : undefined } : {});
  const subjectMax = kind === 'mail' ? LIMITS.mail.subject : kind === 'notification' ? LIMITS.notification.subject : undefined;
  const contentMax = kind === 'notification' ? LIMITS.notification.content : kind === 'sms' ? LIMITS.sms.content : undefined;
  const name = (query?.data?.data?.name as { full?: string } | undefined)?.full;
  return (
    <>
      <PageHeader
        title={isCreate ? t('Create {{model}}', { model: t('Template').toLowerCase() }) : name || t('Template')}
        crumbs={[{ label: t('Templates'), to: BACK }, { label: isCreate ? t('buttons.create') : name || t('buttons.edit') }]}
        extra={<Button type="primary" icon={<SaveOutlined />} loading={formLoading} disabled={invalid} onClick={() => form.submit()} data-testid="save">{t('buttons.save')}</Button>}
      />
      <Spin spinning={!!query?.isLoading}>
        {otherErrors.length > 0 && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={t(SAVE_ERROR)} description={otherErrors.map((entry) => <div key={entry.field}>{entry.message}</div>)} />}
        <Form {...formProps} onFinish={save} layout="vertical" disabled={!!query?.isLoading}>
          <Row gutter={16}>
            <Col xs={24} xl={12}>
              <Card title={t('About')} style={{ marginBottom: 16 }}>
                <Form.Item label={t('Type')} name="format" rules={[{ required: true }]} data-testid="field-format">
                  <Select options={Object.entries(TEMPLATE_FORMAT_LABELS).map(([value, label]) => ({ value, label: t(label) }))} />
                </Form.Item>
                <Form.Item label={t('Name')} name={['name', 'full']} rules={[{ required: true }]} data-testid="field-name.full">
                  <Input />
                </Form.Item>
              </Card>
              <Card title={t('Settings')} style={{ marginBottom: 16 }}>
                <Form.Item label={t('Automatic send trigger')} name="role" data-testid="field-role" extra={!isSuper ? t('Company-level triggers are for super admins') : undefined}>
                  <Select allowClear options={triggers} placeholder={t('None')} />
                </Form.Item>
                {values?.role && TRIGGERS_WITHOUT_CAUSE.includes(values.role) && (
                  <Alert type="info" showIcon data-testid="trigger-without-cause" message={t('The back office records no event that causes this trigger, so it sends nothing automatically; the apps may use the template.')} />
                )}
              </Card>
              <Card
                title={t('English')}
                extra={
                  <NeedsService service={CHANNEL_SERVICE[kind]}>
                    <Button icon={<SendOutlined />} loading={sending} onClick={send} data-testid="send-preview">{t('Send preview')}</Button>
                  </NeedsService>
                }
              >
                {kind === 'sms' && (
                  <Alert
                    type="warning"
                    showIcon
                    style={{ marginBottom: 16 }}
                    message={t('Text messages are currently disabled')}
                    description={t('Sending SMS is off unless a super admin turns it on in the super settings. Each text message costs € {{price}}.', { price: (SMS_PRICE_CENTS / 100).toFixed(2) })}
                  />
                )}
                {kind !== 'sms' && (
                  <Form.Item label={t(kind === 'notification' ? 'Title' : 'Subject')} name={['subject', 'en']} extra={kind === 'mail' ? t(SUBJECT_HELP) : undefined} data-testid="field-subject.en">
                    <Input {...limit(subjectMax, values?.subject?.en)} />
                  </Form.Item>
                )}
                <Form.Item label={t(kind === 'mail' ? 'Content' : 'Body')} name={['content', 'en']} data-testid="field-content.en">
                  <Input.TextArea autoSize={{ minRows: kind === 'mail' ? 8 : 4, maxRows: 24 }} {...limit(contentMax, values?.content?.en)} style={{ fontFamily: 'monospace' }} />
                </Form.Item>
                {kind === 'mail' && (
                  <Form.Item label={t('Footer')} name={['footer', 'en']} data-testid="field-footer.en">
                    <Input.TextArea autoSize={{ minRows: 2, maxRows: 10 }} style={{ fontFamily: 'monospace' }} />
                  </Form.Item>
                )}
                {kind === 'notification' && (
                  <Form.Item name={['data', 'en']} noStyle>
                    <NotificationDataInput />
                  </Form.Item>
                )}
                {(['subject', 'content', 'footer', 'data'] as const).map((field) => (
                  <Form.Item key={field} name={[field, 'nl']} hidden>
                    <Input />
                  </Form.Item>
                ))}
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <TemplatePreview preview={preview} error={error} kind={kind} />
            </Col>
          </Row>
        </Form>
      </Spin>
      {!isCreate && <RecordHistory def={requireResource('template')} id={id} />}
    </>
  );
}
