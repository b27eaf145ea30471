import { EVENT_MODULES } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { App, Checkbox, DatePicker, Form, Input, Modal, Select, Steps, Switch } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { SAVE_ERROR } from '../../definitions/messages';
import { api } from '../../providers/http';
import { useMe } from '../../providers/use-me';
import { draftBody, draftDefaults, type EventDraftValues } from './event-draft';

const WHO_CAN_VIEW = ['everybody', 'guests', 'admins'];
// check-in by 'everybody' is not offered (part 2 section 2)
const WHO_CAN_CHECK_IN = WHO_CAN_VIEW.filter((who) => who !== 'everybody');
const STEP_FIELDS: (keyof EventDraftValues)[][] = [['en', 'nl'], ['show', 'duration', 'register'], ['whoCanView', 'showInOverview', 'whoCanCheckIn'], ['modules']];
const DATE_TIME = 'YYYY-MM-DD HH:mm';

/** The modules offered: localization only when the company has more than one language. */
function useOfferedModules(): string[] {
  const me = useMe();
  const company = useQuery({
    queryKey: ['company-languages', me?.company._id],
    enabled: !!me?.company._id,
    queryFn: async () => (await api<{ settings?: { localization?: string[] } }>(`/api/company/model/company/${me!.company._id}`)).data,
  });
  const languages = company.data?.settings?.localization ?? [];
  return EVENT_MODULES.filter((name) => name !== 'localization' || languages.length > 1);
}

/** Event quick-create: a wizard that creates an event draft with the spec's defaults, then opens its edit screen. */
export function EventQuickCreate({ open, onClose, returnTo }: { open: boolean; onClose: () => void; returnTo?: string }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<EventDraftValues>();
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState(false);
  const modules = useOfferedModules();
  const initialValues = useMemo(() => draftDefaults(), []);
  const close = () => (setStep(0), onClose());
  const create = async () => {
    const values = { ...initialValues, ...form.getFieldsValue(true) } as EventDraftValues;
    setBusy(true);
    try {
      const { data } = await api<{ _id: string }>('/api/company/model/event', { method: 'POST', body: draftBody(values, modules) });
      close();
      navigate(`/company/event/${data._id}/edit${returnTo ? `?to=${encodeURIComponent(returnTo)}` : ''}`);
    } catch (error) {
      message.error((error as { message?: string }).message ?? t(SAVE_ERROR));
    } finally {
      setBusy(false);
    }
  };
  const next = async () => {
    await form.validateFields(STEP_FIELDS[step]);
    if (step < STEP_FIELDS.length - 1) setStep(step + 1);
    else await create();
  };
  const range = (name: keyof EventDraftValues, label: string) => (
    <Form.Item name={name} label={t(label)} rules={[{ required: true, message: t('Please choose a period') }]}>
      <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format={DATE_TIME} allowClear={false} />
    </Form.Item>
  );
  return (
    <Modal
      open={open}
      title={t('New event')}
      width={640}
      onCancel={close}
      destroyOnHidden
      okText={step < STEP_FIELDS.length - 1 ? t('Next') : t('buttons.create')}
      cancelText={step > 0 ? t('Back') : t('buttons.cancel')}
      confirmLoading={busy}
      onOk={() => void next().catch(() => undefined)}
      cancelButtonProps={{ onClick: () => (step > 0 ? setStep(step - 1) : close()) }}
    >
      <Steps size="small" current={step} style={{ marginBottom: 24 }} items={['Name', 'Dates', 'Attendance', 'Modules'].map((title) => ({ title: t(title) }))} />
      <Form form={form} layout="vertical" initialValues={initialValues} preserve data-testid="event-quick-create">
        <div hidden={step !== 0}>
          <Form.Item name="en" label={t('Name (English)')} rules={[{ required: true, whitespace: true, message: t('Please enter a name') }]}>
            <Input autoFocus />
          </Form.Item>
          <Form.Item name="nl" label={t('Name (Dutch)')}>
            <Input />
          </Form.Item>
        </div>
        <div hidden={step !== 1}>
          {range('show', 'Shown in the app')}
          {range('duration', 'Event duration')}
          {range('register', 'Registration')}
        </div>
        <div hidden={step !== 2}>
          <Form.Item name="whoCanView" label={t('Who can view attendance')}>
            <Select options={WHO_CAN_VIEW.map((who) => ({ value: who, label: t(who) }))} />
          </Form.Item>
          <Form.Item name="showInOverview" label={t('Show attendance in overview')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="whoCanCheckIn" label={t('Who can check in')}>
            <Select options={WHO_CAN_CHECK_IN.map((who) => ({ value: who, label: t(who) }))} />
          </Form.Item>
        </div>
        <div hidden={step !== 3}>
          <Form.Item name="modules" label={t('Modules')}>
            <Checkbox.Group options={modules.map((name) => ({ value: name, label: t(name) }))} />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}
