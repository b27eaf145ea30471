import { useTranslate } from '@refinedev/core';
import { Alert, Col, Form, type FormInstance, Row, Select } from 'antd';
import { useEffect, useState } from 'react';
import { type LockerEvent, lockerEvent, lockerEvents } from './merchant-api';

export const LOCKER_NOT_LINKED = 'This Locker Company event is not linked to your company';
const EVENT = ['content', 'lockerCompanyEventId'];
const SIZE = ['content', 'lockerCompanySizeId'];
const PERIOD = ['content', 'lockerCompanyPeriodId'];

/**
 * Event, size and period of a Locker Company locker, from the Locker Company's API. An event that is not linked to
 * the company makes the field invalid and disables size and period; choosing another event resets them.
 */
export function LockerFields({ form, disabled }: { form: FormInstance; disabled?: boolean }) {
  const t = useTranslate();
  const eventId = Form.useWatch(EVENT, form) as string | undefined;
  const [events, setEvents] = useState<LockerEvent[] | null>(null);
  const [chosen, setChosen] = useState<{ event: LockerEvent; linked: boolean } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    lockerEvents().then(setEvents, (error) => setProblem((error as { message?: string }).message ?? 'Could not reach the Locker Company'));
  }, []);
  useEffect(() => {
    if (!eventId) return setChosen(null);
    let live = true;
    lockerEvent(eventId).then(
      (answer) => live && setChosen(answer),
      () => live && setChosen({ event: { id: eventId, name: eventId, sizes: [], periods: [] }, linked: false }),
    );
    return () => {
      live = false;
    };
  }, [eventId]);
  useEffect(() => {
    if (chosen && !chosen.linked) form.validateFields([EVENT]).catch(() => undefined);
  }, [chosen, form]);
  const linked = !!chosen?.linked && chosen.event.id === eventId;
  const options = [...(events ?? [])];
  if (chosen && !options.some((event) => event.id === chosen.event.id)) options.push(chosen.event);
  return (
    <>
      {problem && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t(problem)} />}
      <Row gutter={24} data-testid="locker-fields">
        <Col xs={24} md={8}>
          <Form.Item
            label={t('Locker Company event')}
            name={EVENT}
            data-testid="field-content.lockerCompanyEventId"
            rules={[
              {
                validator: async (_rule, value) => {
                  if (!value || !events) return;
                  if (!events.some((event) => event.id === value)) throw new Error(t(LOCKER_NOT_LINKED));
                },
              },
            ]}
          >
            <Select
              allowClear
              loading={events === null}
              disabled={disabled}
              options={options.map((event) => ({ value: event.id, label: event.name }))}
              onChange={() => {
                form.setFieldValue(SIZE, undefined);
                form.setFieldValue(PERIOD, undefined);
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('Locker Company size')} name={SIZE} data-testid="field-content.lockerCompanySizeId">
            <Select allowClear disabled={disabled || !linked} options={(linked ? chosen.event.sizes : []).map((size) => ({ value: size.id, label: size.name }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('Locker Company period')} name={PERIOD} data-testid="field-content.lockerCompanyPeriodId">
            <Select allowClear disabled={disabled || !linked} options={(linked ? chosen.event.periods : []).map((period) => ({ value: period.id, label: period.name }))} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
